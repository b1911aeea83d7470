import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { findNul } from '@/lib/nul';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

/**
 * Property-based ingest (§events): whatever a client sends, the answer is a per-event report or
 * the §errors envelope, never a 500; what is stored (events and rollup) grows by exactly what
 * the answer says was accepted, and a refused request stores nothing.
 */
const t = setupTestDatabase();

async function totals(projectId: string): Promise<{ events: number; calls: number }> {
  const [row] = await queryRows<{ events: number; calls: number }>(
    t.db,
    sql`select (select count(*) from events where project_id = ${projectId})::int as events,
               (select coalesce(sum(calls), 0) from usage_daily where project_id = ${projectId})::int as calls`,
  );
  if (!row) throw new Error('a select without from returns one row');
  return row;
}

let serial = 0;
const freshId = () => `ok-${++serial}`;

const deepValue = (depth: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { v: value };
  return value;
};

/** An event that must be accepted: a fresh id and every field within the rules. */
const validEvent = fc
  .record({
    tool: fc.constantFrom(
      'github/create_issue',
      'all/github/list_issues',
      'github__get_issue',
      'favourite/x',
      'mcp_find_tools',
      'nope__nothing',
      'create_issue',
    ),
    minutesAgo: fc.integer({ min: 0, max: 60 * 24 * 400 }),
    sessionId: fc.option(
      fc.string({ minLength: 1, maxLength: 40 }).filter((s) => findNul(s) === null),
      { nil: undefined },
    ),
    status: fc.constantFrom('ok', 'error', 'timeout'),
    durationMs: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    args: fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 3 }),
      fc.integer({ min: 100, max: 3_000 }).map(deepValue),
      fc.constant({ server: 'github', tool: 'list_issues' }),
    ),
  })
  .map(({ tool, minutesAgo, sessionId, status, durationMs, args }) => ({
    kind: 'valid' as const,
    event: {
      id: freshId(),
      type: 'tool_call_trace',
      timestamp: new Date(Date.now() - 60_000 - minutesAgo * 60_000).toISOString(),
      tool: args && typeof args === 'object' && 'server' in args ? 'mcp_invoke_tool' : tool,
      sessionId,
      status,
      durationMs,
      arguments: args,
    } as Record<string, unknown>,
  }));

/** A valid event with one field replaced by anything at all: it may or may not still be valid. */
const mutatedEvent = fc
  .tuple(
    validEvent,
    fc.constantFrom('id', 'timestamp', 'tool', 'server', 'sessionId', 'status', 'errorCode', 'durationMs', 'model', 'client', 'type'),
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom(
        '',
        '\u0000',
        'x'.repeat(600),
        '\ud800',
        '2026-02-30T10:00:00Z',
        '9999-01-01T00:00:00Z',
        '2026-01-01',
        -1,
        Number.POSITIVE_INFINITY,
        null,
      ),
    ),
  )
  .map(([{ event }, field, value]) => ({ kind: 'maybe' as const, event: { ...event, id: `m-${event.id}`, [field]: value } }));

const anyJson = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'maybe' as const, event: value }));

const item = fc.oneof({ arbitrary: validEvent, weight: 4 }, { arbitrary: mutatedEvent, weight: 3 }, { arbitrary: anyJson, weight: 1 });

const request = fc.record({
  items: fc.array(item, { maxLength: 30 }),
  format: fc.constantFrom('ndjson', 'array', 'wrapped'),
  garbageLine: fc.option(
    fc.string({ maxLength: 30 }).filter((s) => !s.includes('\n')),
    { nil: undefined },
  ),
  mediaType: fc.oneof({ arbitrary: fc.constant('default'), weight: 9 }, { arbitrary: fc.constantFrom('text/plain', 'application/xml', ''), weight: 1 }),
  repeatFirst: fc.boolean(),
});

describe('ingest fuzzing', () => {
  it('answers every request with a report or the envelope, never a 500, and stores exactly what it accepted', async () => {
    const projectId = await createTestProject(['github']);
    await fc.assert(
      fc.asyncProperty(request, async ({ items, format, garbageLine, mediaType, repeatFirst }) => {
        // Re-sending an event already stored must count as a duplicate, not a new call.
        const [first] = items;
        const events = repeatFirst && first?.kind === 'valid' ? [...items, first] : items;
        let body: string;
        let type: string;
        let sentItems = events.length;
        if (format === 'ndjson') {
          const lines = events.map((e) => JSON.stringify(e.event) ?? 'null');
          if (garbageLine !== undefined && garbageLine.trim() !== '') {
            lines.splice(Math.floor(lines.length / 2), 0, garbageLine);
            sentItems++;
          }
          body = lines.join('\n');
          type = 'application/x-ndjson';
        } else {
          body = JSON.stringify(format === 'array' ? events.map((e) => e.event) : { events: events.map((e) => e.event) });
          type = 'application/json';
        }
        if (mediaType !== 'default') type = mediaType;

        const before = await totals(projectId);
        const res = await api.post(`/api/projects/${projectId}/events`, { body, headers: type ? { 'content-type': type } : {} });
        const after = await totals(projectId);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status !== 200) {
          expectEnvelope(res, res.status, res.body.error_code);
          expect(after).toEqual(before);
          return;
        }
        const { accepted, duplicates, rejected } = res.body as {
          accepted: number;
          duplicates: number;
          rejected: { index: number; error_code: string; message: string }[];
        };
        expect(accepted + duplicates + rejected.length).toBe(sentItems);
        expect(after.events - before.events).toBe(accepted);
        expect(after.calls - before.calls).toBe(accepted);
        for (const r of rejected) expect(r.error_code && r.message).toBeTruthy();
        const rejectedIndexes = new Set(rejected.map((r) => r.index));
        expect(rejectedIndexes.size).toBe(rejected.length);
        if (format !== 'ndjson' || garbageLine === undefined || garbageLine.trim() === '') {
          events.forEach((e, index) => {
            if (e.kind === 'valid') expect(rejectedIndexes.has(index), `valid event ${index} rejected: ${JSON.stringify(rejected)}`).toBe(false);
          });
        }
        if (repeatFirst && items[0]?.kind === 'valid') expect(duplicates).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 120, seed: Number(process.env.FUZZ_SEED ?? 20261129) },
    );
  });
});
