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

// With a hold, each connection's first request waits that long after wrk connects: Node accepts
// one connection per event-loop turn, so 200 connections opened at once wait up to seconds for a
// busy server to accept them, and that storm, not the answers, would be the run's tail. Proxies
// keep their connection; a restart's storm is the connections bench's first second.
const holdScript = (connections: number, holdMs: number) => `
local held = 0
delay = function()
  if held < ${connections} then
    held = held + 1
    return ${holdMs}
  end
  return 0
end
`;

const scriptFiles = new Map<string, string>();
let scriptDir: string | null = null;

function reportScript(hold: { connections: number; ms: number } | null): string {
  const key = hold ? `${hold.connections}-${hold.ms}` : 'plain';
  const known = scriptFiles.get(key);
  if (known) return known;
  scriptDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-wrk-'));
  const file = path.join(scriptDir, `report-${key}.lua`);
  fs.writeFileSync(file, (hold ? holdScript(hold.connections, hold.ms) : '') + REPORT_SCRIPT);
  scriptFiles.set(key, file);
  return file;
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

export interface WrkOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  serverPid: number;
  /** Connect first and send the first requests this much later (see holdScript); `seconds` of load follow it. */
  connectedFirstMs?: number;
}

/** `connections` keep-alive connections for `seconds` against `url`, measured while `serverPid` serves them. */
export async function wrk(url: string, { connections, seconds, headers = {}, serverPid, connectedFirstMs = 0 }: WrkOptions): Promise<WrkResult> {
  const hold = connectedFirstMs > 0 ? { connections, ms: connectedFirstMs } : null;
  // wrk takes whole seconds (and s, m, h): the hold is a whole number of seconds too.
  const runSeconds = seconds + Math.ceil(connectedFirstMs / 1000);
  const args = ['-t1', `-c${connections}`, `-d${runSeconds}s`, '--timeout', '10s', '-s', reportScript(hold)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // The load starts once the hold is over: the server's CPU and the rates count from then.
  let serverBefore = cpuSeconds(serverPid);
  let started = performance.now();
  const loadStarts = setTimeout(() => {
    serverBefore = cpuSeconds(serverPid);
    started = performance.now();
  }, connectedFirstMs);
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
  clearTimeout(loadStarts);
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(serverPid) - serverBefore;
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err || out}`);
  const report = JSON.parse(line) as { requests: number; durationUs: number; errors: number; p50Us: number; p99Us: number };
  return {
    requestsPerSecond: Math.round(report.requests / (report.durationUs / 1e6 - connectedFirstMs / 1000)),
    p50Ms: round(report.p50Us / 1000),
    p99Ms: round(report.p99Us / 1000),
    requests: report.requests,
    errors: report.errors,
    serverCores: round(serverCpu / elapsed),
    wrkCores: round(wrkCpu / elapsed),
  };
}
