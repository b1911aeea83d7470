import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACE_FIELD_LIMITS as L } from '@/lib/limits';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { fastParseTrace } from './fast-trace';
import { isReject, validateEvent } from './validate-event';

/** A key the event lacks altogether (not even undefined). */
const ABSENT = Symbol('absent');

/** Values each field may be given: valid ones, edge lengths and ranges, and ones the schema refuses. */
const FIELD_VALUES: Record<string, unknown[]> = {
  id: ['e-1', '', 'x'.repeat(L.id), 'x'.repeat(L.id + 1), 7, null],
  type: ['tool_call_trace', 'other', null, undefined],
  timestamp: ['2026-11-29T10:00:00.123Z', '2026-11-29t10:00:00+02:00', '2026-11-29T10:00:00', '2026-02-30T10:00:00Z', '2026-13-45T99:00:00Z', 5, null],
  tool: ['github/get_issue', 'favourite/x', '', 'y'.repeat(L.tool), 'y'.repeat(L.tool + 1), null, 3],
  server: ['github', 'a.b-c_d', '-bad', 'has space', 's'.repeat(64), 's'.repeat(65), null, undefined, 1],
  canonical: ['github/get_issue', 'github/a/b', 'nogap', '/x', `${'c'.repeat(L.canonical - 2)}/x`, `${'c'.repeat(L.canonical)}/x`, null, 2],
  arguments: [{ server: 'github', tool: 'get_issue' }, [1, 2], 'text', null, undefined, { nested: { deep: true } }],
  argumentProblems: [[], [{ path: '$.id', class: 'missing_required', keyword: 'required', blocking: true }], 'no', undefined, null],
  failureClasses: [
    ['ok'],
    ['invented_tool'],
    ['invented_tool', 'invented_tool'],
    ['nope'],
    [],
    Array(20).fill('invented_tool'),
    'invented_tool',
    undefined,
    null,
  ],
  sessionId: ['s-1', '', 'z'.repeat(L.text), 'z'.repeat(L.text + 1), null, undefined, 12],
  status: ['ok', 'error', 'Error', 'a'.repeat(32), 'a'.repeat(33), '', null, undefined, 1],
  errorCode: ['TIMEOUT', 404, 1.5, 'e'.repeat(L.errorCode), 'e'.repeat(L.errorCode + 1), null, undefined, true],
  durationMs: [0, 12.5, L.durationMs, L.durationMs + 1, -1, '5', null, undefined],
  model: ['gpt-5.4-mini', 'm'.repeat(L.text + 1), null, undefined, {}],
  client: ['cursor', '', null, undefined, false],
  mode: [...SURFACE_MODES, 'sideways', null, undefined],
  surfaceRevision: [1, 2_147_483_647, 2_147_483_648, 0, 1.5, '3', null, undefined],
  protocolVersion: ['2025-11-25', '2025-11', 'v1', null, undefined],
  extra: ['dropped', undefined],
};

const event = fc.record(Object.fromEntries(Object.entries(FIELD_VALUES).map(([k, values]) => [k, fc.constantFrom(...values)])), { requiredKeys: [] });

/** Mostly valid events, one or two fields off: the shape of real traffic and of the refusals near it. */
const nearlyValid = fc
  .tuple(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 20 }),
      timestamp: fc.constantFrom('2026-11-29T10:00:00.123Z', '2026-11-29T10:00:00+01:00'),
      tool: fc.string({ minLength: 1, maxLength: 30 }),
      sessionId: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
      status: fc.option(fc.constantFrom('ok', 'error'), { nil: undefined }),
      durationMs: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }),
    }),
    fc.array(
      fc.constantFrom(...Object.keys(FIELD_VALUES)).chain((key) => fc.constantFrom(...FIELD_VALUES[key]!, ABSENT).map((value) => [key, value] as const)),
      { maxLength: 3 },
    ),
  )
  .map(([base, overrides]) => {
    const value: Record<string, unknown> = { ...base, ...Object.fromEntries(overrides) };
    for (const [key, given] of overrides) if (given === ABSENT) delete value[key];
    return value;
  });

function expectSameAsZod(value: unknown): 'fast' | 'zod' {
  const zod = toolCallTraceSchema.safeParse(value);
  const fast = fastParseTrace(value);
  if (fast === undefined) return 'zod';
  expect(zod.success).toBe(true);
  // Equal values and the same keys in the same order, undefined ones included.
  expect(fast).toStrictEqual(zod.data);
  expect(Object.keys(fast)).toEqual(Object.keys(zod.data as object));
  return 'fast';
}

describe('the ingest shortcut past zod (#26)', () => {
  it('parses an event exactly as the schema does, or leaves it to the schema', () => {
    let fast = 0;
    fc.assert(
      fc.property(fc.oneof(event, nearlyValid), (value) => {
        if (expectSameAsZod(value) === 'fast') fast++;
      }),
      { numRuns: 1_500, seed: 26 },
    );
    // It does take the common events: a shortcut never taken would hide nothing, and help nothing.
    expect(fast).toBeGreaterThan(150);
  }, 60_000);

  it('takes the events a proxy usually sends', () => {
    const plain = {
      id: 'e-1',
      type: 'tool_call_trace',
      timestamp: '2026-11-29T10:00:00.123Z',
      tool: 'mcp_invoke_tool',
      arguments: { server: 'github', tool: 'get_issue' },
      sessionId: 's-1',
      status: 'error',
      errorCode: 'TIMEOUT',
      durationMs: 41,
      model: 'gpt-5.4-mini',
      client: 'bench',
    };
    expect(expectSameAsZod(plain)).toBe('fast');
    expect(expectSameAsZod({ id: 'e', timestamp: '2026-11-29T10:00:00Z', tool: 't', errorCode: 500 })).toBe('fast');
    // What favindex proxy's trace of a call that passed its argument check says (proxy/traces.ts finishTrace).
    const checked = {
      ...plain,
      tool: 'fav_get_issue',
      server: 'github',
      canonical: 'github/get_issue',
      status: 'ok',
      failureClasses: ['ok'],
      argumentProblems: [],
    };
    expect(expectSameAsZod(checked)).toBe('fast');
    expect(expectSameAsZod({ ...checked, status: 'error', failureClasses: ['invented_tool', 'invented_server'] })).toBe('fast');
    // A list of problems is zod's to parse.
    expect(
      fastParseTrace({ ...checked, argumentProblems: [{ path: '$.id', class: 'missing_required', keyword: 'required', blocking: true }] }),
    ).toBeUndefined();
    // Every required field: a missing one is zod's to refuse.
    expect(fastParseTrace({ id: 'no-tool', timestamp: '2026-11-29T10:00:00Z' })).toBeUndefined();
    expect(fastParseTrace({ tool: 't', timestamp: '2026-11-29T10:00:00Z' })).toBeUndefined();
    expect(fastParseTrace({ id: 'e', tool: 't' })).toBeUndefined();
    expect(fastParseTrace({ id: 'e', timestamp: '2026-11-29T10:00:00Z', tool: 't' })).toEqual({
      id: 'e',
      timestamp: '2026-11-29T10:00:00Z',
      tool: 't',
      status: 'ok',
    });
  });

  it('leaves anything but an object to zod', () => {
    for (const value of [null, undefined, 'x', 3, [], [{ id: 'e' }]]) expect(fastParseTrace(value)).toBeUndefined();
  });

  it('changes no answer of validateEvent: it refuses what zod refuses, and accepts the same fields', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    fc.assert(
      fc.property(fc.oneof(event, nearlyValid), (value) => {
        const got = validateEvent(0, structuredClone(value), now);
        const zod = toolCallTraceSchema.safeParse(value);
        if (!zod.success) expect(isReject(got)).toBe(true);
        else if (!isReject(got)) expect({ ...got }).toStrictEqual({ ...zod.data, index: 0, at: Date.parse(zod.data.timestamp) });
      }),
      { numRuns: 1_000, seed: 27 },
    );
  }, 60_000);
});
