/**
 * Failed logins per client address, in memory: after MAX_FAILURES in WINDOW_MS the address
 * waits out the window. A correct password clears its count. The address comes from the
 * custom server (x-favindex-peer, which it always overwrites); behind a reverse proxy every
 * client shares the proxy's address, so a guesser there locks the login for everyone for a
 * few minutes, which is still better than unlimited guesses.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 5 * 60_000;

interface Entry {
  failures: number;
  since: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  /** Milliseconds this peer must still wait, or 0. */
  retryAfter(peer: string, now = Date.now()): number {
    const entry = this.entries.get(peer);
    if (!entry) return 0;
    if (now - entry.since >= WINDOW_MS) {
      this.entries.delete(peer);
      return 0;
    }
    return entry.failures >= MAX_FAILURES ? entry.since + WINDOW_MS - now : 0;
  }

  fail(peer: string, now = Date.now()): void {
    const entry = this.entries.get(peer);
    if (!entry || now - entry.since >= WINDOW_MS) this.entries.set(peer, { failures: 1, since: now });
    else entry.failures++;
    if (this.entries.size > 10_000) this.prune(now);
  }

  succeed(peer: string): void {
    this.entries.delete(peer);
  }

  private prune(now: number): void {
    for (const [peer, entry] of this.entries) if (now - entry.since >= WINDOW_MS) this.entries.delete(peer);
  }
}

export const PEER_HEADER = 'x-favindex-peer';
