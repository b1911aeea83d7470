/**
 * HTTP load from `wrk` (Debian's package): a C load generator on one thread, so the server, not
 * the load, is what saturates. Each run also reports how many cores the server and wrk used
 * (from /proc), which shows whether a baseline was really the server's limit.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round } from './surface-support';

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers that were not 2xx/3xx, and socket errors: a valid run has none. */
  errors: number;
  /** CPU the server process used over the run, in cores (1 = one core busy the whole time). */
  serverCores: number;
  wrkCores: number;
}

// done() runs once per run in wrk's main thread; it prints one JSON line the bench parses.
const REPORT_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

let scriptFile: string | null = null;

function reportScript(): string {
  if (scriptFile) return scriptFile;
  scriptFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-wrk-')), 'report.lua');
  fs.writeFileSync(scriptFile, REPORT_SCRIPT);
  return scriptFile;
}

/** Fails with how to install it when wrk is not on this machine. */
export function requireWrk(bench: string): void {
  if (spawnSync('wrk', ['-v']).error) throw new Error(`${bench} bench needs wrk: apt-get install -y wrk`);
}

/** user + system CPU seconds a process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: utime and stime are fields 14 and 15 of the whole line, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** `connections` keep-alive connections for `seconds` against `url`, measured while `serverPid` serves them. */
export async function wrk(
  url: string,
  { connections, seconds, headers = {}, serverPid }: { connections: number; seconds: number; headers?: Record<string, string>; serverPid: number },
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', reportScript()];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const serverBefore = cpuSeconds(serverPid);
  const started = performance.now();
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  let wrkCpu = Number.NaN;
  // Read wrk's CPU just before it exits (its /proc entry goes with it): sample until then.
  const sampler = setInterval(() => {
    const now = cpuSeconds(child.pid!);
    if (!Number.isNaN(now)) wrkCpu = now;
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(serverPid) - serverBefore;
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err || out}`);
  const report = JSON.parse(line) as { requests: number; durationUs: number; errors: number; p50Us: number; p99Us: number };
  return {
    requestsPerSecond: Math.round(report.requests / (report.durationUs / 1e6)),
    p50Ms: round(report.p50Us / 1000),
    p99Ms: round(report.p99Us / 1000),
    requests: report.requests,
    errors: report.errors,
    serverCores: round(serverCpu / elapsed),
    wrkCores: round(wrkCpu / elapsed),
  };
}
