import { describe, expect, it } from 'vitest';
import { compileToolSchema, type ToolSchemaCheck } from './check';
import { undeclaredKeys } from './declared-keys';

/** "At once", with room for a busy machine: before these bounds, each case here took seconds. */
const SOON_MS = 250;

type Compiled = Extract<ToolSchemaCheck, { ok: true }>;

function compiled(schema: Record<string, unknown>): Compiled {
  const result = compileToolSchema(schema);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

function timed<T>(work: () => T): { ms: number; result: T } {
  const t0 = performance.now();
  const result = work();
  return { ms: performance.now() - t0, result };
}

const CATASTROPHIC = { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } };

describe('patterns of a schema run on RE2, in time linear in the value (§arguments)', () => {
  it('judges `^(a+)+$` against "a"×30 + "!" at once, and finds the value wrong', () => {
    const { check } = compiled(CATASTROPHIC);
    // A backtracking engine takes 2^30 steps here: 46.8 s on the server that found it.
    const { ms, result } = timed(() => check({ name: `${'a'.repeat(30)}!` }));
    expect(result.problems).toEqual([expect.objectContaining({ path: '$.name', class: 'value_error', keyword: 'pattern' })]);
    expect(result.unchecked).toBeUndefined();
    expect(ms).toBeLessThan(SOON_MS);
    expect(check({ name: 'a'.repeat(30) }).problems).toEqual([]);
  });

  it('keeps each pattern of a schema apart, the same pattern in two schemas alike', () => {
    const { check } = compiled({ type: 'object', properties: { a: { type: 'string', pattern: '^a+$' }, b: { type: 'string', pattern: '^b+$' } } });
    expect(check({ a: 'aa', b: 'bb' }).problems).toEqual([]);
    expect(check({ a: 'bb', b: 'aa' }).problems?.map((p) => p.path)).toEqual(['$.a', '$.b']);
    const again = compiled({ type: 'object', properties: { b: { type: 'string', pattern: '^a+$' } } });
    expect(again.check({ b: 'aa' }).problems).toEqual([]);
  });

  it('reads ECMA-262 escapes as JSON Schema means them: \\d, \\u0041, \\p{L}, a class with ]', () => {
    const { check } = compiled({
      type: 'object',
      properties: { date: { pattern: '^\\d{4}-\\d{2}$' }, a: { pattern: '^\\u0041$' }, word: { pattern: '^\\p{L}+$' }, cls: { pattern: '^[\\]x]+$' } },
    });
    expect(check({ date: '2026-01', a: 'A', word: 'Grüße', cls: ']x]' }).problems).toEqual([]);
    expect(check({ date: '26-1', a: 'B', word: 'a1', cls: 'y' }).problems?.map((p) => p.path)).toEqual(['$.date', '$.a', '$.word', '$.cls']);
  });

  it('does not judge a pattern RE2 cannot take: the tool says which and why, and the rest of its schema is checked', () => {
    const tool = compiled({
      type: 'object',
      properties: {
        password: { type: 'string', pattern: '^(?=.*\\d).{8,}$' },
        twice: { type: 'string', pattern: '^(a)\\1$' },
        named: { type: 'string', pattern: '^(?<x>a)\\k<x>$' },
        limit: { type: 'integer' },
      },
      required: ['password'],
    });
    expect(tool.unchecked).toContain('"^(?=.*\\\\d).{8,}$" is not judged: RE2 has no lookaround');
    expect(tool.unchecked).toContain('"^(a)\\\\1$" is not judged: RE2 has no backreferences');
    expect(tool.unchecked).toContain('"^(?<x>a)\\\\k<x>$" is not judged: RE2 has no backreferences');
    // Not judged is not guessed: any value passes those patterns, and the types and required keys are still checked.
    expect(tool.check({ password: 'short', twice: 'ab', named: 'ak<x>' }).problems).toEqual([]);
    expect(tool.check({ limit: 'x' }).problems?.map((p) => [p.path, p.class])).toEqual([
      ['$.password', 'missing_required'],
      ['$.limit', 'type_error'],
    ]);
  });

  it('does not judge a pattern that is not ECMA-262, nor one too big, and says so', () => {
    const tool = compiled({
      type: 'object',
      properties: { z: { pattern: 'a\\z' }, long: { pattern: 'a'.repeat(1_001) }, big: { pattern: '^(?:(?:a{0,10}){0,10}){0,10}$' } },
    });
    expect(tool.unchecked).toMatch(/"a\\\\z" is not judged: not a valid ECMA-262 pattern/);
    expect(tool.unchecked).toMatch(/is not judged: longer than 1,000 characters/);
    expect(tool.unchecked).toMatch(/is not judged: its RE2 program has 2103 instructions, over 1,000/);
  });

  it('judges patterns of one call up to its budget, and says where it stopped', () => {
    const { check } = compiled({ type: 'object', properties: { texts: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } } } });
    const long = 'a'.repeat(100_000);
    const { ms, result } = timed(() => check({ texts: [long, long, long, long, long, long, `${long}1`] }));
    expect(result.unchecked).toMatch(/patterns were judged up to 500,000 steps/);
    expect(ms).toBeLessThan(SOON_MS);
    expect(check({ texts: ['ok', 'no!'] })).toEqual({ problems: [expect.objectContaining({ path: '$.texts[1]', keyword: 'pattern' })] });
  });

  it('does not guess with a patternProperties pattern it cannot judge: ajv’s verdict on such a call is dropped, and said', () => {
    const tool = compiled({ type: 'object', properties: { a: { type: 'string' } }, patternProperties: { '^(?=x)': { type: 'number' } }, required: ['a'] });
    expect(tool.unchecked).toBe('pattern "^(?=x)" is not judged: RE2 has no lookaround');
    // A match would apply { type: number } to "s", a miss could call xa additional: either is a guess.
    expect(tool.check({ a: 1, xa: 's' })).toEqual({
      problems: [],
      unchecked: 'the schema was not applied: keys for pattern "^(?=x)" could not be judged (RE2 has no lookaround)',
    });
    // With no key to test, the schema applies as ever.
    expect(tool.check({})).toEqual({ problems: [expect.objectContaining({ path: '$.a', class: 'missing_required' })] });
  });

  it('tests the keys of a call against patternProperties on RE2 too', () => {
    const schema = { type: 'object', properties: { a: {} }, patternProperties: { '^(x+)+$': {} } };
    const { ms, result } = timed(() => [...undeclaredKeys(schema, { [`${'x'.repeat(30)}!`]: 1, xxx: 2 })]);
    expect(result.map((p) => p.path)).toEqual([`$["${'x'.repeat(30)}!"]`]);
    expect(ms).toBeLessThan(SOON_MS);
  });
});
