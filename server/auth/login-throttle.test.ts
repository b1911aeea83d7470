import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_FAILURES, WINDOW_MS } from './login-throttle';

describe('LoginThrottle', () => {
  it('makes a peer wait out the window after too many failures, and only that peer', () => {
    const throttle = new LoginThrottle();
    const t0 = 1_000_000;
    for (let i = 0; i < MAX_FAILURES - 1; i++) throttle.fail('a', t0 + i);
    expect(throttle.retryAfter('a', t0 + 100)).toBe(0);
    throttle.fail('a', t0 + 200);
    expect(throttle.retryAfter('a', t0 + 300)).toBe(WINDOW_MS - 300);
    expect(throttle.retryAfter('b', t0 + 300)).toBe(0);
    expect(throttle.retryAfter('a', t0 + WINDOW_MS)).toBe(0);
  });

  it('forgets the failures of a peer that logs in', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < MAX_FAILURES - 1; i++) throttle.fail('a', 0);
    throttle.succeed('a');
    throttle.fail('a', 1);
    expect(throttle.retryAfter('a', 2)).toBe(0);
  });
});
