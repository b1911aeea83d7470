import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { isReject, type ValidatedEvent, validateEvent } from '@/lib/events/validate-event';
import { api, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event, storedEventCount } from '@/test/fixtures';
import { writeIngestGroup } from './ingest';

const t = setupTestDatabase();
const NDJSON = { 'content-type': 'application/x-ndjson' };

function validated(events: Record<string, unknown>[]): ValidatedEvent[] {
  return events.map((e, i) => {
    const v = validateEvent(i, e, Date.now());
    if (isReject(v)) throw new Error(v.message);
    return v;
  });
}

async function rollupCalls(projectId: string): Promise<number> {
  const [row] = await queryRows<{ calls: number }>(t.db, sql`select coalesce(sum(calls), 0)::int as calls from usage_daily where project_id = ${projectId}`);
  return row?.calls ?? 0;
}

describe('ingest written in groups', () => {
  it('answers each post of a group as if it had been written alone: an id another post of the group sent first is its duplicate', async () => {
    const id = await createTestProject(['github']);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await api.patch(`/api/projects/${id}`, { json: { retentionDays: 30 } });
    const first = validated([event('a', 'github/list_issues'), event('b', 'github/list_issues'), event('a', 'github/list_issues')]);
    const second = validated([event('b', 'github/get_issue'), event('c', 'github/get_issue'), event('too-old', 'github/get_issue', { timestamp: old })]);
    const results = await writeIngestGroup(t.app, id, [
      { batch: first, token: 'team-a' },
      { batch: second, token: 'team-b' },
    ]);
    expect(results[0]).toEqual({ accepted: 2, duplicates: 1, rejected: [] });
    expect(results[1]).toMatchObject({ accepted: 1, duplicates: 1, rejected: [{ index: 2, error_code: 'OLDER_THAN_RETENTION' }] });
    const stored = await queryRows<{ event_id: string; token: string }>(
      t.db,
      sql`select event_id, token from events where project_id = ${id} order by event_id`,
    );
    // Each event under the token of the post that stored it.
    expect(stored).toEqual([
      { event_id: 'a', token: 'team-a' },
      { event_id: 'b', token: 'team-a' },
      { event_id: 'c', token: 'team-b' },
    ]);
    expect(await rollupCalls(id)).toBe(3);
    // Sent again, the whole group is duplicates, and nothing is counted twice.
    const again = await writeIngestGroup(t.app, id, [
      { batch: first, token: 'team-a' },
      { batch: second, token: 'team-b' },
    ]);
    expect(again.map((r) => [r.accepted, r.duplicates])).toEqual([
      [0, 3],
      [0, 2],
    ]);
    expect(await rollupCalls(id)).toBe(3);
  });

  it('takes 40 posts sent at once, a fifth of their ids repeated across posts, and stores and counts each id once', async () => {
    const id = await createTestProject(['github']);
    // Four ids of its own, and one of the next post's.
    const posts = Array.from({ length: 40 }, (_, p) =>
      Array.from({ length: 5 }, (_, i) => event(i === 0 ? `e-${(p + 1) % 40}-1` : `e-${p}-${i}`, 'github/list_issues', { sessionId: `s-${p % 4}` })),
    );
    const answers = await Promise.all(posts.map((events) => api.post(`/api/projects/${id}/events`, { body: ndjson(events), headers: NDJSON })));
    expect(answers.map((a) => a.status)).toEqual(posts.map(() => 200));
    const unique = 40 * 4;
    expect(answers.reduce((n, a) => n + a.body.accepted, 0)).toBe(unique);
    expect(answers.reduce((n, a) => n + a.body.duplicates, 0)).toBe(40 * 5 - unique);
    expect(await storedEventCount(t.db, id)).toBe(unique);
    expect(await rollupCalls(id)).toBe(unique);
  });
});
