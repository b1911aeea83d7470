import { describe, expect, it } from 'vitest';
import { applyCall, explicitSession, replaySession, sessionStates } from './session';

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

describe('applyCall of the latest call again', () => {
  it('is the same state (a session keeps its list), and a new one as soon as anything moves', () => {
    const once = applyCall({ activated: [], calledServers: [] }, 'a/x');
    const twice = applyCall(once, 'a/x');
    expect(twice).toBe(once);
    const other = applyCall(twice, 'b/y');
    expect(other).toEqual({ activated: ['a/x', 'b/y'], calledServers: ['b', 'a'] });
    // Same server, other tool: the activated order moves.
    expect(applyCall(other, 'b/z')).toEqual({ activated: ['a/x', 'b/y', 'b/z'], calledServers: ['b', 'a'] });
    expect(applyCall(other, 'a/x')).toEqual({ activated: ['b/y', 'a/x'], calledServers: ['a', 'b'] });
  });
});
