import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileToolSchema } from './check';

/**
 * Catalog schemas as a hostile or careless server might write them (deep, wide, recursive, with
 * catastrophic, unsupported and invalid patterns), and calls as a model or an attacker might
 * send them: every compile answers a check or a reason, every check answers problems or
 * "unchecked: reason", none throws, and none takes 100 ms of CPU (§arguments).
 */
const CHECK_MS = 100;

const PATTERNS = [
  '^(a+)+$',
  '(x+x+)+y',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(a|aa)+$',
  '^(a|a?)+$',
  '^(?:(?:a{0,8}){0,8}){0,8}$',
  '(?:[ab]*a[ab]{20})$',
  '^[a-z0-9-]+$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^(?=.*\\d).{8,}$',
  '^(a)\\1$',
  '(?<x>a)\\k<x>',
  '[',
  'a\\z',
  'a'.repeat(1_200),
];
const KEYS = ['a', 'name', 'startDate', 'start_date', 'x'];

const leaf = fc.oneof(
  fc.record({ type: fc.constant('string'), pattern: fc.constantFrom(...PATTERNS) }),
  fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null') }),
  fc.record({ enum: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { minLength: 1, maxLength: 4 }) }),
  fc.constant({ $ref: '#/$defs/any' }),
  fc.boolean(),
);

const schema = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 4 }),
        patternProperties: fc.dictionary(fc.constantFrom(...PATTERNS), tie('node'), { maxKeys: 2 }),
        required: fc.array(fc.constantFrom(...KEYS), { maxLength: 3 }),
        additionalProperties: fc.boolean(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
  ),
})).node;

/** A schema nested `levels` deep, or with `width` properties: past the bounds of a compile. */
const oversized = fc.oneof(
  fc.integer({ min: 60, max: 3_000 }).map((levels) => {
    let node: unknown = { type: 'string', pattern: '^(a+)+$' };
    for (let i = 0; i < levels; i++) node = { type: 'object', properties: { a: node } };
    return node;
  }),
  fc.integer({ min: 700, max: 5_000 }).map((width) => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: width }, (_, i) => [`p${i}`, { type: 'string', pattern: '^(a+)+$' }])),
  })),
);

/** Strings that make a backtracking engine explode, or are merely long. */
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc
    .tuple(fc.constantFrom('a', 'x', 'ab', 'word '), fc.integer({ min: 10, max: 5_000 }), fc.constantFrom('', '!', 'b'))
    .map(([unit, n, end]) => unit.repeat(n) + end),
);

const args = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.constant(null),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), text), tie('value'), { maxKeys: 5 }),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
})).value;

/** The CPU time `work` took, in ms: the machine is shared, and a wall clock counts the others' work too. */
function timed<T>(work: () => T): { ms: number; result: T } {
  const before = process.cpuUsage();
  const result = work();
  const { user, system } = process.cpuUsage(before);
  return { ms: (user + system) / 1000, result };
}

describe('fuzzing catalog schemas and calls (§arguments)', () => {
  it('finds no crash and no check of 100 ms', () => {
    let slowest = 0;
    fc.assert(
      fc.property(
        fc.oneof({ arbitrary: schema, weight: 9 }, { arbitrary: oversized, weight: 1 }),
        schema,
        fc.array(args, { minLength: 1, maxLength: 3 }),
        (raw, defined, calls) => {
          // `$ref: #/$defs/any` anywhere in either reaches `defined`, itself too: recursion.
          const root = typeof raw === 'object' && raw !== null ? raw : { allOf: [raw] };
          const inputSchema = { ...root, $defs: { any: defined } };
          const compiled = compileToolSchema(inputSchema);
          if (!compiled.ok) {
            expect(compiled.reason).toMatch(/^the inputSchema (does not compile|is not compiled): ./);
            return;
          }
          for (const call of calls) {
            const { ms, result } = timed(() => compiled.check(call));
            slowest = Math.max(slowest, ms);
            expect(ms).toBeLessThan(CHECK_MS);
            if (result.problems === null) expect(result.unchecked).toMatch(/^the argument check failed \(.+\)$/);
            else {
              expect(Array.isArray(result.problems)).toBe(true);
              if (result.unchecked !== undefined) expect(result.unchecked.length).toBeGreaterThan(0);
            }
          }
        },
      ),
      { numRuns: 150, seed: 45, endOnFailure: true, includeErrorInReport: false },
    );
    expect(slowest).toBeLessThan(CHECK_MS);
  });
});
