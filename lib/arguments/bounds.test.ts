import { describe, expect, it } from 'vitest';
import { compileToolSchema } from './check';

/** "At once", with room for a busy machine: before these bounds, each case here took seconds. */
const SOON_MS = 250;

function timed<T>(work: () => T): { ms: number; result: T } {
  const t0 = performance.now();
  const result = work();
  return { ms: performance.now() - t0, result };
}

const DATES = { type: 'object', properties: { startDate: { type: 'string' }, endDate: { type: 'string' } }, required: ['startDate'] };

/** A schema nested `levels` objects deep through `properties`. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('the argument check is bounded whatever a call or a schema holds (§arguments)', () => {
  it('reads at most its bound of a call’s keys for undeclared ones, and says it stopped', () => {
    const compiled = compileToolSchema({ ...DATES, patternProperties: { '^tag': {} } });
    if (!compiled.ok) throw new Error(compiled.reason);
    const tags = Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`tag${i}`, i]));
    const { ms, result } = timed(() => compiled.check({ startDate: 'x', ...tags, colour: 'red' }));
    expect(result.problems).toEqual([]);
    expect(result.unchecked).toContain('only the first 10,000 keys of the call were read for undeclared keys');
    expect(ms).toBeLessThan(SOON_MS);
    // Within the bound the same key is found; past MAX_PROBLEMS_PER_CALL problems a call needs no more reading.
    expect(compiled.check({ startDate: 'x', tag: 1, colour: 'red' })).toEqual({ problems: [expect.objectContaining({ path: '$.colour' })] });
    const plain = compileToolSchema(DATES);
    if (!plain.ok) throw new Error(plain.reason);
    const wrong = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`start${i}`, i]));
    const many = timed(() => plain.check({ startDate: 'x', ...wrong }));
    expect(many.result.problems).toHaveLength(20);
    expect(many.result.unchecked).toBeUndefined();
    expect(many.ms).toBeLessThan(SOON_MS);
  });

  it('reports a schema nested too deep, or too big, as that tool’s reason, and never throws', () => {
    const { ms, result } = timed(() => compileToolSchema(nested(5_000)));
    expect(result).toEqual({ ok: false, reason: 'the inputSchema is not compiled: it nests deeper than 64 levels' });
    expect(ms).toBeLessThan(SOON_MS);
    const huge = { type: 'object', properties: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    const big = timed(() => compileToolSchema(huge));
    expect(big.result).toEqual({ ok: false, reason: 'the inputSchema is not compiled: it holds more than 2,000 JSON values' });
    expect(big.ms).toBeLessThan(SOON_MS);
    const required = { type: 'object', required: Array.from({ length: 100_000 }, (_, i) => `p${i}`) };
    expect(compileToolSchema(required)).toMatchObject({ ok: false, reason: expect.stringMatching(/more than 2,000 JSON values/) });
    expect(compileToolSchema(nested(30))).toMatchObject({ ok: true });
  });

  it('says a check that fails (arguments deep enough to overflow a recursive schema) instead of throwing', () => {
    const compiled = compileToolSchema({ $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } } });
    if (!compiled.ok) throw new Error(compiled.reason);
    let args: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) args = { next: args };
    const result = compiled.check(args);
    expect(result).toEqual({ problems: null, unchecked: expect.stringMatching(/^the argument check failed \(Maximum call stack size exceeded/) });
  });
});
