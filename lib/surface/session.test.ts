import { describe, expect, it } from 'vitest';
import { explicitSession, replaySession, sessionStates } from './session';

const calls = ['github/create_issue', null, 'fs/read_file', 'github/list_issues', 'github/create_issue'].map((canonical) => ({ canonical }));

describe('session replay', () => {
  it('rebuilds the state turn by turn: activated most recent last, servers most recent first', () => {
    expect(replaySession(calls, 0)).toEqual({ activated: [], calledServers: [] });
    expect(replaySession(calls, 3)).toEqual({ activated: ['github/create_issue', 'fs/read_file'], calledServers: ['fs', 'github'] });
    expect(replaySession(calls)).toEqual({
      activated: ['fs/read_file', 'github/list_issues', 'github/create_issue'],
      calledServers: ['github', 'fs'],
    });
  });

  it('has one state per call plus the one before the first', () => {
    const states = sessionStates(calls);
    expect(states).toHaveLength(6);
    expect(states[2]).toEqual(states[1]); // a meta or unresolved call changes nothing
    expect(states[5]).toEqual(replaySession(calls));
  });

  it('takes explicit state, deriving called servers from the activations when not given', () => {
    expect(explicitSession(['a/x', 'b/y', 'a/z'])).toEqual({ activated: ['a/x', 'b/y', 'a/z'], calledServers: ['a', 'b'] });
    expect(explicitSession(['a/x', 'a/x'], ['c', 'c', 'a'])).toEqual({ activated: ['a/x'], calledServers: ['c', 'a'] });
  });
});
