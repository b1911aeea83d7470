import { quantile } from '@/lib/stats/bootstrap';
import { api } from './api';

/**
 * The wait that means a request was held up by another's work, for the "holds no one up" tests:
 * held up, they waited 0.9–37 s (issue 45); not held up, the p99 on two cores is a few event-loop
 * turns and garbage collections of the other request's work, 56–115 ms on one machine of this
 * kind and 119–181 ms on another, at the same commit. The bar sits between the two, so a test fails
 * on a request that waits for another, not on a slower machine.
 */
export const HELD_UP_MS = 250;

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
  /** A poll falls due this often; 20 ms by default. */
  everyMs?: number;
}

/**
 * Poll a project's `/surface` as proxies do (with If-None-Match, expecting 304 or 200) while
 * `during` runs in the same process: a poll falls due every `everyMs`, each from a proxy of its
 * own, sent when it falls due whether or not the one before has been answered, and timed from
 * when it fell due, not from when it could be sent. So an event loop held for a second counts
 * in every poll that fell due in that second, as it would for the proxies asking then. The polls
 * go through the same route handlers as the API tests. Throws when a poll is answered with
 * anything but 200 or 304, or when `during` fails.
 */
export async function surfacePollLatency(options: PollOptions): Promise<PollLatency> {
  const everyMs = options.everyMs ?? 20;
  const path = `/api/projects/${encodeURIComponent(options.project)}/surface`;
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const first = await api.get(path, { headers: auth });
  if (first.status !== 200) throw new Error(`the first poll of ${options.project} answered ${first.status}: ${first.text}`);
  const headers = { ...auth, 'if-none-match': first.headers.get('etag') ?? '' };
  const poll = async (due: number): Promise<number> => {
    const res = await api.get(path, { headers });
    if (res.status !== 304 && res.status !== 200) throw new Error(`a poll of ${options.project} answered ${res.status}: ${res.text}`);
    return performance.now() - due;
  };

  let doneAt = Number.POSITIVE_INFINITY;
  const hostile = options.during().finally(() => {
    doneAt = performance.now();
  });
  const polls: Promise<number>[] = [];
  // Every poll that fell due before `during` settled is made, however late its timer fires.
  for (let due = performance.now(); due < doneAt; due += everyMs) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (due < doneAt) polls.push(poll(due));
  }
  await hostile;
  const sorted = (await Promise.all(polls)).sort((a, b) => a - b);
  return { polls: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** The figures as a line for a test's failure message or log. */
export function describeLatency(l: PollLatency): string {
  return `${l.polls} polls: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms`;
}
