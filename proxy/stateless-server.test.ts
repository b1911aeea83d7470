import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProxySession } from './session';
import { StatelessSessions } from './stateless-server';

describe('StatelessSessions', () => {
  afterEach(() => vi.useRealTimers());
  const make = () => {
    const state = { sessions: new Set<ProxySession>() };
    return { state, sessions: new StatelessSessions(state, async () => {}) };
  };

  it('gives every request of one client the same stateless session, counted among the proxy’s sessions', () => {
    const { state, sessions } = make();
    const a = sessions.for('claude-code');
    expect(sessions.for('claude-code')).toBe(a);
    expect(sessions.for('codex')).not.toBe(a);
    expect(a).toMatchObject({ stateless: true, client: 'claude-code', protocol: '2026-07-28' });
    expect(state.sessions.size).toBe(2);
  });

  it('keeps 64 identities at most, the one seen longest ago giving way', () => {
    vi.useFakeTimers();
    const { state, sessions } = make();
    for (let i = 0; i < 64; i++) {
      sessions.for(`client-${i}`);
      vi.advanceTimersByTime(10);
    }
    sessions.for('client-0');
    sessions.for('client-64');
    expect(state.sessions.size).toBe(64);
    expect([...state.sessions].map((s) => s.client)).not.toContain('client-1');
    expect([...state.sessions].map((s) => s.client)).toContain('client-0');
  });

  it('stops counting an identity idle for 30 minutes', () => {
    vi.useFakeTimers();
    const { state, sessions } = make();
    sessions.for('gone');
    vi.advanceTimersByTime(31 * 60_000);
    sessions.for('here');
    expect([...state.sessions].map((s) => s.client)).toEqual(['here']);
  });
});
