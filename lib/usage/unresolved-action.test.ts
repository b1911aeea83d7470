import { describe, expect, it } from 'vitest';
import { unresolvedAction } from './unresolved-action';

describe('unresolvedAction', () => {
  it('names the server whose catalog is missing', () => {
    expect(unresolvedAction("unknown server 'jira': it is not in the project's catalog")).toEqual({ kind: 'upload', server: 'jira' });
  });
  it('sends a favourite that was not pinned to the favourites', () => {
    expect(unresolvedAction("'favourite/x' was not a favourite in favourites version 3, in force at that time")).toEqual({ kind: 'favourites' });
    expect(unresolvedAction("'fav_x': the project has no favourites history")).toEqual({ kind: 'favourites' });
  });
  it('explains a name several tools could have become, which no upload fixes', () => {
    expect(unresolvedAction("'mcp_a_b' is what Cursor makes of several tools (a/b, a/c): its renaming cannot be undone")).toEqual({
      kind: 'docs',
      anchor: 'names',
    });
  });
  it('wants a catalog for any other tool nothing lists, and when the reason is gone', () => {
    expect(unresolvedAction("typed name 'jira__x': no catalog server matches its prefix")).toEqual({ kind: 'upload', server: null });
    expect(unresolvedAction(null)).toEqual({ kind: 'upload', server: null });
  });
});
