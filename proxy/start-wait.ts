import type { CallSignal } from '@/mcp/call-signal';

/**
 * Waits for something to become true, each bounded, woken whenever what they wait for may have
 * changed: the lists' wait for the servers' first start, a call's wait for its server.
 */
export class Wakeups {
  private readonly checks = new Set<() => void>();

  /** True once `ready()` holds (now, or at a `wake()`); false after `ms` or when `signal` aborts. */
  until(ready: () => boolean, ms: number, signal?: CallSignal): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    if (ms <= 0 || signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const end = (value: boolean) => {
        clearTimeout(timer);
        this.checks.delete(check);
        signal?.removeEventListener('abort', aborted);
        resolve(value);
      };
      const check = () => {
        if (ready()) end(true);
      };
      const aborted = () => end(false);
      const timer = setTimeout(() => end(false), ms);
      signal?.addEventListener('abort', aborted, { once: true });
      this.checks.add(check);
    });
  }

  wake(): void {
    for (const check of [...this.checks]) check();
  }
}

/**
 * Whether calls to one server wait for it: while a start is under way or due that has not failed
 * (its first, or the restart after its session ended), and not once a start failed.
 */
export class Arrival {
  /** Up, and its session has not ended (known at once, before the server's state says so). */
  live = false;
  /** A start is under way or due that has not failed. */
  coming = true;
  private readonly wakeups = new Wakeups();

  /** A call goes now: the server is up, or no start is coming to wait for. */
  get settled(): boolean {
    return this.live || !this.coming;
  }

  up(): void {
    this.live = true;
    this.coming = false;
    this.wakeups.wake();
  }

  /** The session ended; `restarting`: the server is started again, and calls wait for it. */
  ended(restarting: boolean): void {
    this.live = false;
    this.coming = restarting;
    this.wakeups.wake();
  }

  failed(): void {
    this.coming = false;
    this.wakeups.wake();
  }

  /** True once up, waiting at most `ms` for a start coming; false when none is, after `ms`, or when `signal` aborts. */
  whenUp(ms: number, signal?: CallSignal): Promise<boolean> {
    return this.wakeups.until(() => this.settled, ms, signal).then(() => this.live);
  }
}
