import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '@/db/schema';
import type { ArgumentProblem, FailureClass } from '@/lib/arguments/classes';
import { argumentUsageSchema } from '@/lib/contracts/arguments';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();

/**
 * A calendar server whose list_events requires startDate and endDate, one tool whose schema points
 * outside itself, and one with a pattern RE2 cannot take.
 */
const CALENDAR = {
  tools: [
    {
      name: 'list_events',
      inputSchema: {
        type: 'object',
        properties: { startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' } },
        required: ['startDate', 'endDate'],
        additionalProperties: false,
      },
    },
    { name: 'get_event', inputSchema: { type: 'object', properties: { eventId: { type: 'string' } }, required: ['eventId'] } },
    { name: 'remote', inputSchema: { $ref: 'https://schemas.example.com/remote.json' } },
    { name: 'invite', inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(?=.*\\d)\\w{6}$' } } } },
  ],
};

type Problem = Omit<ArgumentProblem, 'expected'>;
const START: Problem = { path: '$.start', class: 'unexpected_param', keyword: 'additionalProperties', suggestion: 'startDate', blocking: true };
const NO_START: Problem = { path: '$.startDate', class: 'missing_required', keyword: 'required', blocking: true };
const END_TYPE: Problem = { path: '$.endDate', class: 'type_error', keyword: 'type', blocking: true };
const ID: Problem = { path: '$.id', class: 'unexpected_param', keyword: 'additionalProperties', suggestion: 'eventId', blocking: false };

const GPT = { model: 'gpt-5.4-mini', client: 'claude-code' };
const QWEN = { model: 'qwen3-8b', client: 'cursor' };

interface Seed {
  id: string;
  at: string;
  tool: string;
  session?: string;
  who?: { model: string; client: string };
  kind?: string;
  status?: string;
  classes: FailureClass[] | null;
  problems: Problem[] | null;
}

/**
 * Stored as ingest stores them (written directly: these tests are about the read, not about how
 * ingest classes calls). Counted by hand below, over the window 2026-03-08 … 2026-03-10.
 */
const SEEDS: Seed[] = [
  {
    id: 'e1',
    at: '2026-03-08T08:00:00Z',
    tool: 'cal/list_events',
    session: 's1',
    who: GPT,
    classes: ['missing_required', 'unexpected_param'],
    problems: [NO_START, START],
  },
  { id: 'e2', at: '2026-03-08T08:01:00Z', tool: 'cal/list_events', session: 's1', who: GPT, classes: ['ok'], problems: [] },
  { id: 'e3', at: '2026-03-09T08:00:00Z', tool: 'cal/list_events', session: 's2', who: GPT, classes: ['ok'], problems: [] },
  { id: 'e4', at: '2026-03-09T09:00:00Z', tool: 'cal/list_events', session: 's3', who: QWEN, classes: ['type_error'], problems: [END_TYPE] },
  { id: 'e5', at: '2026-03-09T09:01:00Z', tool: 'cal/list_events', session: 's3', who: QWEN, status: 'error', classes: ['server_error'], problems: [] },
  { id: 'e6', at: '2026-03-10T09:00:00Z', tool: 'cal/list_events', session: 's4', who: QWEN, status: 'error', classes: ['server_error'], problems: [] },
  // Stored before calls were classed, and a call made with the check off: counted, not checked.
  { id: 'e7', at: '2026-03-10T10:00:00Z', tool: 'cal/list_events', session: 's5', classes: null, problems: null },
  { id: 'e8', at: '2026-03-10T10:01:00Z', tool: 'cal/list_events', session: 's5', classes: ['ok'], problems: null },
  { id: 'e9', at: '2026-03-08T12:00:00Z', tool: 'cal/get_event', session: 's1', who: GPT, classes: ['unexpected_param'], problems: [ID] },
  { id: 'e10', at: '2026-03-08T12:01:00Z', tool: 'cal/get_event', session: 's1', who: GPT, classes: ['ok'], problems: [] },
  {
    id: 'e11',
    at: '2026-03-09T12:00:00Z',
    tool: 'made_up_tool',
    session: 's1',
    who: GPT,
    kind: 'unresolved',
    status: 'error',
    classes: ['invented_tool'],
    problems: null,
  },
  { id: 'e12', at: '2026-03-09T12:01:00Z', tool: 'mcp_find_tools', session: 's1', who: GPT, kind: 'meta', classes: ['ok'], problems: null },
  // A millisecond before the window.
  { id: 'e13', at: '2026-03-07T23:59:59.999Z', tool: 'cal/list_events', session: 's6', who: GPT, classes: ['unexpected_param'], problems: [START] },
];

async function seed(projectId: string): Promise<void> {
  await t.db.insert(events).values(
    SEEDS.map((s) => ({
      projectId,
      eventId: s.id,
      ts: new Date(s.at),
      rawName: s.tool,
      namespace: s.kind === 'meta' ? 'meta' : 'canonical',
      kind: s.kind ?? 'tool',
      tool: s.tool,
      sessionId: s.session ?? null,
      status: s.status ?? 'ok',
      model: s.who?.model ?? null,
      client: s.who?.client ?? null,
      failureClasses: s.classes,
      argumentProblems: s.problems,
    })),
  );
}

const classes = (counts: Partial<Record<FailureClass, number>>) => ({
  ok: 0,
  invented_tool: 0,
  invented_server: 0,
  unknown_op: 0,
  missing_required: 0,
  unexpected_param: 0,
  type_error: 0,
  value_error: 0,
  server_error: 0,
  ...counts,
});

let id: string;
beforeAll(async () => {
  id = await createTestProject([], 'arguments');
  expect((await api.put(`/api/projects/${id}/catalog/cal`, { json: CALENDAR })).status).toBe(201);
  await seed(id);
});

const read = async (query: string) => {
  const res = await api.get(`/api/projects/${id}/usage/arguments?${query}`);
  expect(res.status, res.text).toBe(200);
  return argumentUsageSchema.parse(res.body);
};

describe('GET /api/projects/:id/usage/arguments', () => {
  it('ranks the tools whose arguments models get wrong most, with rates, first call right and classes per tool', async () => {
    const r = await read('window=3d&until=2026-03-10');
    expect(r.window).toEqual({ from: '2026-03-08', to: '2026-03-10', days: 3 });
    expect(r.checks).toBe('observe');
    expect(r.tools.map((x) => [x.rank, x.tool, x.checked, x.wellFormed])).toEqual([
      [1, 'cal/get_event', 2, 1],
      [2, 'cal/list_events', 6, 4],
    ]);
    const list = r.tools[1]!;
    expect(list).toMatchObject({ calls: 8, wellFormedRate: 4 / 6, firstCalls: 4, firstCallRight: 1, firstCallRightRate: 0.25 });
    expect(list.classes).toEqual(classes({ ok: 3, missing_required: 1, unexpected_param: 1, type_error: 1, server_error: 2 }));
    expect(r.tools[0]).toMatchObject({ firstCalls: 1, firstCallRight: 0, classes: classes({ ok: 1, unexpected_param: 1 }) });
    // Every call but the meta one, the invented tool included.
    expect(r.totals).toMatchObject({ calls: 11, checked: 8, wellFormed: 5, firstCalls: 5, firstCallRight: 1 });
    expect(r.totals.classes.invented_tool).toBe(1);
  });

  it('splits each tool by model and client, and lists the wrong keys with the key they stood for', async () => {
    const r = await read('window=3d&until=2026-03-10');
    expect(
      r.rows.filter((x) => x.tool === 'cal/list_events').map((x) => [x.model, x.client, x.calls, x.checked, x.wellFormed, x.firstCalls, x.firstCallRight]),
    ).toEqual([
      ['gpt-5.4-mini', 'claude-code', 3, 3, 2, 2, 1],
      ['qwen3-8b', 'cursor', 3, 3, 2, 2, 0],
      [null, null, 2, 0, 0, 0, 0],
    ]);
    expect(r.rows.find((x) => x.model === null)?.wellFormedRate).toBeNull();
    expect(r.tools[1]!.wrongKeys).toEqual([{ tool: 'cal/list_events', key: '$.start', suggestion: 'startDate', model: 'gpt-5.4-mini', calls: 1 }]);
    expect(r.wrongKeys.map((k) => `${k.tool} ${k.key} → ${k.suggestion}`)).toEqual(['cal/get_event $.id → eventId', 'cal/list_events $.start → startDate']);
  });

  it('keeps one model or client when asked, and says which tools of the catalog are passed through unchecked', async () => {
    const qwen = await read('window=3d&until=2026-03-10&model=qwen3-8b');
    expect(qwen.tools.map((x) => [x.tool, x.checked, x.wellFormed, x.firstCallRight])).toEqual([['cal/list_events', 3, 2, 0]]);
    expect(qwen.wrongKeys).toEqual([]);
    const cursorless = await read('window=3d&until=2026-03-10&client=claude-code');
    expect(cursorless.tools.map((x) => x.tool)).toEqual(['cal/get_event', 'cal/list_events']);
    expect(cursorless.unchecked).toEqual([
      { tool: 'cal/remote', reason: expect.stringMatching(/does not compile/), partly: false },
      { tool: 'cal/invite', reason: 'pattern "^(?=.*\\\\d)\\\\w{6}$" is not judged: RE2 has no lookaround', partly: true },
    ]);
  });

  it('follows the project’s argumentChecks, answers an empty window plainly, and refuses a bad window or an unknown project', async () => {
    expect((await api.patch(`/api/projects/${id}`, { json: { surface: { argumentChecks: 'enforce' } } })).status).toBe(200);
    const empty = await read('window=1d&until=2026-01-01');
    expect(empty).toMatchObject({
      checks: 'enforce',
      tools: [],
      rows: [],
      wrongKeys: [],
      totals: { calls: 0, wellFormedRate: null, firstCallRightRate: null },
    });
    expectEnvelope(await api.get(`/api/projects/${id}/usage/arguments?window=400d`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get('/api/projects/no-such-project/usage/arguments'), 404, 'PROJECT_NOT_FOUND');
  });
});
