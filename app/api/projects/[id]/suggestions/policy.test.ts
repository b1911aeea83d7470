import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

setupTestDatabase();

const DAY = '2026-03-10';
const calls = (tool: string, n: number, status = 'ok') =>
  Array.from({ length: n }, (_, i) => ({ id: `${tool}-${status}-${i}`, timestamp: `${DAY}T08:00:0${i}.000Z`, tool, sessionId: `s${i}`, status }));

/** What the user saw: memory/delete_entities called twice, both refused by `deny memory/delete_*`. */
async function refusedProject(): Promise<string> {
  const id = await createTestProject(['memory', 'github']);
  const events = [
    ...calls('github/create_issue', 5),
    ...calls('memory/read_graph', 4),
    ...calls('github/merge_pull_request', 3),
    ...calls('github/merge_pull_request', 1, 'denied'),
    ...calls('memory/delete_entities', 2, 'denied'),
    ...calls('memory/delete_relations', 1),
  ];
  expect((await api.post(`/api/projects/${id}/events`, { json: events })).body.accepted).toBe(events.length);
  const policy = {
    default: 'allow',
    rules: [
      { effect: 'deny', tools: ['memory/delete_*'] },
      { effect: 'deny', tools: ['github/merge_*'], identities: ['token:ci'] },
    ],
  };
  expect((await api.put(`/api/projects/${id}/policy`, { json: { policy } })).status).toBe(200);
  return id;
}

const suggest = (id: string) => api.get(`/api/projects/${id}/suggestions?window=30d&until=${DAY}&top=10`);

describe('suggestions under a tool policy (§policy)', () => {
  it('counts refusals apart from use, marks whom a tool is denied to, and withholds what is denied to everyone', async () => {
    const id = await refusedProject();
    const res = await suggest(id);
    expect(res.status).toBe(200);
    expect(
      res.body.suggested.map((s: { tool: string; calls: number; refusals: number; deniedTo: string[] }) => [s.tool, s.calls, s.refusals, s.deniedTo]),
    ).toEqual([
      ['github/create_issue', 5, 0, []],
      ['memory/read_graph', 4, 0, []],
      ['github/merge_pull_request', 3, 1, ['token:ci']],
    ]);
    // The share is of use: 13 calls, the 3 refused not among them.
    expect(res.body.suggested[0].share).toBe(5 / 13);
    expect(res.body.withheld).toEqual([
      { tool: 'memory/delete_relations', calls: 1, refusals: 0 },
      { tool: 'memory/delete_entities', calls: 0, refusals: 2 },
    ]);
    expect(res.body.favouriteIndex.tools).toEqual(['github/create_issue', 'memory/read_graph', 'github/merge_pull_request']);
    expect(parse(res.body.yaml).spec.favouriteIndex.tools).toEqual(res.body.favouriteIndex.tools);
  });

  it('suggests a tool again once the policy allows it, still without its refused calls as use', async () => {
    const id = await refusedProject();
    await api.put(`/api/projects/${id}/policy`, { json: { policy: { default: 'allow', rules: [] } } });
    const res = await suggest(id);
    expect(res.body.withheld).toEqual([]);
    expect(res.body.suggested.map((s: { tool: string }) => s.tool)).toEqual([
      'github/create_issue',
      'memory/read_graph',
      'github/merge_pull_request',
      'memory/delete_relations',
    ]);
    expect(res.body.suggested.every((s: { deniedTo: string[] }) => s.deniedTo.length === 0)).toBe(true);
  });
});
