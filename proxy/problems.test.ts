import { describe, expect, it } from 'vitest';
import { keptProblems } from '@/test/proxy-problems';
import { FavindexError } from './favindex-api';

describe('proxy problems', () => {
  const refused = (scope: 'catalog:write' | 'surface:read' | 'events:write') =>
    new FavindexError(`favindex refused: this token lacks the scope ${scope} (it has …) (HTTP 403 forbidden)`, 403, false, scope);

  it('says each cause once however often it comes back, and keeps the last one', () => {
    const { problems, lines } = keptProblems('http://127.0.0.1:3000');
    for (let i = 0; i < 10; i++) {
      problems.report(refused('catalog:write'), 'everything: catalog not uploaded');
      problems.report(refused('catalog:write'), 'memory: catalog not uploaded');
    }
    problems.report(refused('events:write'), 'traces kept on disk');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      "the token lacks the scope catalog:write: the MCP servers' tools are not uploaded as the project's catalog, so favindex cannot resolve these calls or pin these tools; make a token with events:write, surface:read, catalog:write under the project's Tokens tab and pass it with --token (or FAVINDEX_TOKEN)",
    );
    expect(lines[1]).toMatch(/^the token lacks the scope events:write: no call reaches usage/);
    expect(problems.last).toMatchObject({ cause: 'scope:events:write', message: lines[1] });
  });

  it('says an unreachable favindex once, what the proxy does meanwhile, and when it answers again', () => {
    let cached = false;
    const { problems, lines } = keptProblems('http://127.0.0.1:3999', () => cached);
    const down = new FavindexError('cannot reach favindex at http://127.0.0.1:3999: ECONNREFUSED', null, true);
    problems.report(down, 'reading the surface');
    problems.report(down, 'traces kept on disk');
    problems.report(down, 'everything: catalog not uploaded');
    expect(lines).toEqual([
      'cannot reach favindex at http://127.0.0.1:3999: ECONNREFUSED: serving the default surface, traces kept on disk until favindex answers; if favindex runs elsewhere, pass --url (or set FAVINDEX_URL)',
    ]);
    problems.reached();
    expect(lines[1]).toBe('favindex at http://127.0.0.1:3999 answers again');
    expect(problems.last).toBeNull();
    cached = true;
    problems.report(down, 'reading the surface');
    expect(lines[2]).toMatch(/serving the last surface it read, traces kept on disk/);
  });
});
