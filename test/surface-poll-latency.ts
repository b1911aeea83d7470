import { quantile } from '@/lib/stats/bootstrap';
import { api } from './api';

/** How a project's surface polls fared while something else ran: milliseconds from when each poll was due to its answer. */
export interface PollLatency {
  polls: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PollOptions {
  /** The project whose /surface is polled. */
  project: string;
  /** A token of that project holding surface:read, sent as a proxy sends it; without one, the local admin. */
  token?: string;
  /** What runs meanwhile (another project's hostile request, say); polling stops when it settles. */
  during: () => Promise<unknown>;
  /** A poll is due this often; 20 ms by default. */
  everyMs?: number;
}

/**
 * Poll a project's `/surface` as a proxy does (with If-None-Match, expecting 304 or 200) while
 * `during` runs in the same process, and measure each poll from when it was due, not from when
 * it could be sent: an event loop held for a second delays the poll due in that second by that
 * second. The polls go through the same route handlers as the API tests. Throws when a poll is
 * answered with anything but 200 or 304, or when `during` fails.
 */
export async function surfacePollLatency(options: PollOptions): Promise<PollLatency> {
  const everyMs = options.everyMs ?? 20;
  const path = `/api/projects/${encodeURIComponent(options.project)}/surface`;
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const first = await api.get(path, { headers: auth });
  if (first.status !== 200) throw new Error(`the first poll of ${options.project} answered ${first.status}: ${first.text}`);
  const headers = { ...auth, 'if-none-match': first.headers.get('etag') ?? '' };

  let done = false;
  const hostile = options.during().finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let free = performance.now();
  for (let due = free; !done; due += everyMs) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done) break;
    const res = await api.get(path, { headers });
    if (res.status !== 304 && res.status !== 200) throw new Error(`a poll of ${options.project} answered ${res.status}: ${res.text}`);
    // From when it was due, or from when the poll before it came back if that was later: one
    // proxy waits for its last answer before it asks again, so a stall counts once, not once per
    // poll that fell due while it lasted.
    const end = performance.now();
    latencies.push(end - Math.max(due, free));
    free = end;
  }
  await hostile;
  const sorted = latencies.sort((a, b) => a - b);
  return { polls: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** The figures as a line for a test's failure message or log. */
export function describeLatency(l: PollLatency): string {
  return `${l.polls} polls: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms`;
}
