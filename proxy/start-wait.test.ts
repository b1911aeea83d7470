import { describe, expect, it } from 'vitest';
import { Wakeups } from './start-wait';

describe('Wakeups', () => {
  it('answers at once when ready, at the wake that makes it ready, and false at its bound or on abort', async () => {
    const wakeups = new Wakeups();
    let ready = false;
    expect(await wakeups.until(() => true, 0)).toBe(true);
    const woken = wakeups.until(() => ready, 60_000);
    // A wake while still not ready leaves it waiting.
    wakeups.wake();
    ready = true;
    wakeups.wake();
    expect(await woken).toBe(true);
    expect(await wakeups.until(() => false, 20)).toBe(false);
    const cancel = new AbortController();
    const cancelled = wakeups.until(() => false, 60_000, cancel.signal);
    cancel.abort();
    expect(await cancelled).toBe(false);
  });
});
