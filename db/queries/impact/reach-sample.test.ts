import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { plantedSessions } from '@/test/planted-traces';
import { reachPopulation, reachSample } from './reach-sample';

const t = setupTestDatabase();

describe('the reach sample', () => {
  it('reads a seeded sample of each client up to its quotas of sessions and calls, with the tools each session reached', async () => {
    const id = await createTestProject(['github']);
    // 40 sessions per client of 4 calls each; unresolved names are not catalog tools.
    const events = plantedSessions({
      revisions: [1],
      clients: ['claude-code', 'cursor'],
      sessionsPerCell: 40,
      calls: (_r, _c, s) => ['mcp_find_tools', 'github/get_issue', s % 2 === 0 ? 'github__list_issues' : 'no_such_tool', 'github/get_issue'],
      now: Date.now(),
    });
    expect((await api.post(`/api/projects/${id}/events`, { json: events })).body.rejected).toEqual([]);
    const window = { revision: 1, from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000), since: null };
    expect(await reachPopulation(t.db, id, window)).toEqual(
      new Map([
        ['claude-code', 40],
        ['cursor', 40],
      ]),
    );

    // The same quotas and seed each time: asked twice, the sample must not change.
    const sampleWithQuotas = () =>
      reachSample(
        t.db,
        id,
        window,
        [
          { client: 'claude-code', sessions: 10, calls: 1000 },
          { client: 'cursor', sessions: 40, calls: 25 },
        ],
        1,
      );
    const sample = await sampleWithQuotas();
    const of = (client: string) => sample.filter((s) => s.client === client);
    expect(of('claude-code')).toHaveLength(10);
    // Sessions are taken while the calls before them stay under 25: seven sessions of 4 calls.
    expect(of('cursor')).toHaveLength(7);
    for (const session of sample) expect([['github/get_issue'], ['github/get_issue', 'github/list_issues']]).toContainEqual([...session.tools].sort());

    const key = (s: typeof sample) => s.map((x) => `${x.client}:${x.tools.join(',')}`).sort();
    const again = await sampleWithQuotas();
    expect(key(again)).toEqual(key(sample));
    // The whole of a client when its quota covers it.
    expect(await reachSample(t.db, id, window, [{ client: 'cursor', sessions: 40, calls: 1000 }], 2)).toHaveLength(40);
    // Retention: sessions first seen before `since` have no events left to read.
    expect(await reachPopulation(t.db, id, { ...window, since: new Date(Date.now() + 3_600_000) })).toEqual(new Map());
  });
});
