import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { UNRESOLVED_NAMES_PER_DAY } from '@/lib/limits';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();

const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const yesterday = new Date(today - DAY_MS + 12 * 3_600_000).toISOString();
const todayStart = new Date(today + 1_000).toISOString();
const name = (i: number) => `x_${String(i).padStart(4, '0')}`;
/** More distinct names than a day keeps under their own name. */
const SENT = UNRESOLVED_NAMES_PER_DAY + 100;

let seq = 0;
const call = (tool: string, timestamp: string) => ({ id: `u${++seq}`, timestamp, tool, sessionId: 's1' });

interface Report {
  totals: { calls: number; unresolved: number; attributed: number };
  unresolved: { name: string; calls: number }[];
  unresolvedOthers: { names: number; calls: number };
}

async function usage(id: string): Promise<Report> {
  const res = await api.get(`/api/projects/${id}/usage?window=7d`);
  expect(res.status).toBe(200);
  return res.body as Report;
}

async function post(id: string, events: unknown[]): Promise<void> {
  const res = await api.post(`/api/projects/${id}/events`, { json: events });
  expect(res.status).toBe(200);
  expect(res.body.rejected).toEqual([]);
}

/** Calls per (day, kind, namespace) in the rollup and in the raw events: they must be equal. */
async function rollupAndEvents(id: string) {
  const [rollup, namespaces, raw] = [
    await queryRows(
      t.db,
      sql`select day::text as day, kind, namespace, sum(calls)::int as calls, sum(errors)::int as errors
          from usage_daily where project_id = ${id} group by 1, 2, 3 order by 1, 2, 3`,
    ),
    await queryRows(t.db, sql`select day::text as day, kind, namespace, calls, errors from usage_daily_namespaces where project_id = ${id} order by 1, 2, 3`),
    await queryRows(
      t.db,
      sql`select (ts at time zone 'UTC')::date::text as day, kind, namespace, count(*)::int as calls,
                 count(*) filter (where status <> 'ok')::int as errors
          from events where project_id = ${id} group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ];
  return { rollup, namespaces, raw };
}

async function ownNamesOf(id: string, day: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(distinct tool)::int as n from usage_daily where project_id = ${id} and day = ${day}::date and kind = 'unresolved' and tool <> ''`,
  );
  return row!.n;
}

describe('unresolved names past the daily bound (§usage)', () => {
  let id: string;
  beforeAll(async () => {
    id = await createTestProject(['github']);
    // Yesterday: `hot` three times and SENT names once each, in one batch.
    await post(id, [
      call('hot', yesterday),
      call('hot', yesterday),
      call('hot', yesterday),
      ...Array.from({ length: SENT }, (_, i) => call(name(i), yesterday)),
    ]);
    // A later batch: a name with its own row, one counted in the rest, and a new one with no room left.
    await post(id, [call(name(0), yesterday), call(name(1050), yesterday), call('late_new', yesterday)]);
    // Today is a new day with room again.
    await post(id, [call('today_only', todayStart)]);
  });

  it('keeps the most called names of a day under their own name, counts the rest as one figure, and the totals add up', async () => {
    const day = yesterday.slice(0, 10);
    expect(await ownNamesOf(id, day)).toBe(UNRESOLVED_NAMES_PER_DAY);
    const report = await usage(id);
    const calls = 3 + SENT + 3 + 1;
    expect(report.totals.unresolved).toBe(calls);
    expect(report.totals.calls).toBe(calls);
    // The batch's most called name first; then by name, so x_0000 … x_0998 kept their own rows.
    expect(report.unresolved.slice(0, 3)).toEqual([
      expect.objectContaining({ name: 'hot', calls: 3 }),
      expect.objectContaining({ name: name(0), calls: 2 }),
      expect.objectContaining({ name: 'today_only', calls: 1 }),
    ]);
    expect(report.unresolved).toHaveLength(100);
    expect(report.unresolved.map((n) => n.name)).not.toContain(name(1050));
    const listed = report.unresolved.reduce((sum, n) => sum + n.calls, 0);
    // Not listed: the kept names past the first 100 (1,001 kept in all, with today's), and
    // yesterday's rest: x_0999 … x_1099 and late_new.
    expect(report.unresolvedOthers).toEqual({ names: UNRESOLVED_NAMES_PER_DAY + 1 - 100 + (SENT - (UNRESOLVED_NAMES_PER_DAY - 1)) + 1, calls: calls - listed });
    const { rollup, namespaces, raw } = await rollupAndEvents(id);
    expect(rollup).toEqual(raw);
    expect(namespaces).toEqual(raw);
  });

  it('resolves a name later added to the catalog, whether it had its own row or was in the rest, and the rollup still equals the events', async () => {
    const put = await api.put(`/api/projects/${id}/catalog/extra`, {
      json: { tools: [name(0), name(1050)].map((tool) => ({ name: tool, inputSchema: { type: 'object' } })) },
    });
    expect(put.status).toBeLessThan(300);
    const report = await usage(id);
    const calls = 3 + SENT + 3 + 1;
    expect(report.totals).toMatchObject({ calls, attributed: 4, unresolved: calls - 4 });
    const byTool = Object.fromEntries(
      (await api.get(`/api/projects/${id}/usage?window=7d`)).body.rows.map((r: { tool: string; calls: number }) => [r.tool, r.calls]),
    );
    expect(byTool).toEqual({ [`extra/${name(0)}`]: 2, [`extra/${name(1050)}`]: 2 });
    expect(report.unresolved.map((n) => n.name)).not.toContain(name(0));
    const listed = report.unresolved.reduce((sum, n) => sum + n.calls, 0);
    // One kept name and one name of the rest fewer.
    expect(report.unresolvedOthers).toEqual({
      names: UNRESOLVED_NAMES_PER_DAY - 100 + (SENT - (UNRESOLVED_NAMES_PER_DAY - 1)),
      calls: calls - 4 - listed,
    });
    const { rollup, namespaces, raw } = await rollupAndEvents(id);
    expect(rollup).toEqual(raw);
    expect(namespaces).toEqual(raw);
  });
});

describe('concurrent batches of new unresolved names', () => {
  it('never keep more than the bound under their own name, and every call counts', async () => {
    const id = await createTestProject();
    const batches = Array.from({ length: 4 }, (_, b) => Array.from({ length: 400 }, (_, i) => call(`b${b}_${name(i)}`, yesterday)));
    await Promise.all(batches.map((events) => post(id, events)));
    expect(await ownNamesOf(id, yesterday.slice(0, 10))).toBe(UNRESOLVED_NAMES_PER_DAY);
    const report = await usage(id);
    expect(report.totals.unresolved).toBe(1_600);
    expect(report.unresolvedOthers).toEqual({ names: 1_600 - 100, calls: 1_600 - 100 });
    const { rollup, raw } = await rollupAndEvents(id);
    expect(rollup).toEqual(raw);
  });
});

describe('a project deleted and made again under its id', () => {
  it('starts with room for new unresolved names', async () => {
    const id = await createTestProject();
    await post(
      id,
      Array.from({ length: UNRESOLVED_NAMES_PER_DAY }, (_, i) => call(name(i), yesterday)),
    );
    expect((await api.delete(`/api/projects/${id}`)).status).toBeLessThan(300);
    expect((await api.post('/api/projects', { json: { id } })).status).toBe(201);
    await post(id, [call('fresh', yesterday)]);
    const report = await usage(id);
    expect(report.unresolved).toEqual([expect.objectContaining({ name: 'fresh', calls: 1 })]);
    expect(report.unresolvedOthers).toEqual({ names: 0, calls: 0 });
  });
});
