import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';

const t = setupTestDatabase();

/** A tool whose `name` must match the catastrophic `^(a+)+$`, and that forbids other keys. */
const HOSTILE = {
  tools: [
    {
      name: 'greet',
      inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } }, required: ['name'], additionalProperties: false },
    },
  ],
};

async function hostileProject(): Promise<string> {
  const id = await createTestProject([], 'hostile');
  expect((await api.put(`/api/projects/${id}/catalog/evil`, { json: HOSTILE })).status).toBeLessThan(300);
  return id;
}

async function stored(projectId: string) {
  const rows = await queryRows<{ event_id: string; failure_classes: string[]; argument_problems: { path: string; keyword: string }[] | null }>(
    t.db,
    sql`select event_id, failure_classes, argument_problems from events where project_id = ${projectId}`,
  );
  return new Map(rows.map((r) => [r.event_id, r]));
}

const call = (id: string, args: unknown) => event(id, 'evil__greet', { canonical: 'evil/greet', arguments: args });

describe('ingest checks hostile arguments within its bounds (§arguments)', () => {
  it('judges "a"×30 + "!" against `^(a+)+$` at once, and stores the value error', async () => {
    const id = await hostileProject();
    const t0 = performance.now();
    const res = await api.post(`/api/projects/${id}/events`, { json: [call('catastrophic', { name: `${'a'.repeat(30)}!` }), call('fine', { name: 'aaa' })] });
    // A backtracking engine took 46.8 s over this one event, and held every other project meanwhile.
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(res.body).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const rows = await stored(id);
    expect(rows.get('catastrophic')).toMatchObject({
      failure_classes: ['value_error'],
      argument_problems: [expect.objectContaining({ path: '$.name', keyword: 'pattern' })],
    });
    expect(rows.get('fine')).toMatchObject({ failure_classes: ['ok'], argument_problems: [] });
  });

  it('stores an event with a 2M-character key, or arguments nested too deep, unchecked, and says why', async () => {
    const id = await hostileProject();
    let deep: unknown = 'aaa';
    for (let i = 0; i < 100; i++) deep = { name: deep };
    const t0 = performance.now();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [call('long-key', { name: 'a', ['k'.repeat(2_000_000)]: 1 }), call('deep', deep), call('wrong-key', { nmae: 'a' })],
    });
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(res.body).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [],
      unchecked: [
        { index: 0, reason: 'its arguments are longer than 65,536 characters as JSON, more than ingest checks' },
        { index: 1, reason: 'its arguments nest deeper than 64 levels, more than ingest checks' },
      ],
    });
    const rows = await stored(id);
    // Not checked is not "right": no problems stored, classed by its status alone.
    expect(rows.get('long-key')).toMatchObject({ failure_classes: ['ok'], argument_problems: null });
    expect(rows.get('deep')?.argument_problems).toBeNull();
    expect(rows.get('wrong-key')?.argument_problems).toContainEqual(expect.objectContaining({ path: '$.nmae', suggestion: 'name' }));
  });
});
