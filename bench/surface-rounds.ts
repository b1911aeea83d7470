/** The surface bench's runs of a server: starting one, and the median figures of its wrk rounds. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { WrkResult } from './wrk';

const NOT_REPLAYED = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];

/** The headers of an answer a bare server can send again as they are. */
export function replayable(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_REPLAYED.includes(name)) headers[name] = value;
  });
  return headers;
}

export function summary(runs: WrkResult[]) {
  return {
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    serverCores: median(runs.map((r) => r.serverCores)),
    wrkCores: median(runs.map((r) => r.wrkCores)),
    perRound: runs.map((r) => `${r.requestsPerSecond}/s p99 ${r.p99Ms}ms ${r.serverCores} cores`).join(', '),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A server process, once `readyUrl` answers 2xx; its stderr is in the error when it does not come up. */
export async function startServer(command: string, args: string[], env: Record<string, string>, readyUrl: string, cwd?: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited: ${stderr}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.at(-1)} did not come up: ${stderr}`);
}
