import { describe, expect, it } from 'vitest';
import { undeclaredKeys } from './declared-keys';

const found = (schema: Record<string, unknown>, args: unknown) => [...undeclaredKeys(schema, args)];
const paths = (schema: Record<string, unknown>, args: unknown) => found(schema, args).map((p) => p.path);

describe('undeclaredKeys with what each schema declares kept between calls', () => {
  it('finds the same keys on every call of the same schema, whatever the arguments of the call before', () => {
    const schema = {
      type: 'object',
      properties: { startDate: { type: 'string' }, tags: { type: 'array', items: { type: 'object', properties: { name: {} } } } },
    };
    expect(paths(schema, { start: '2026-01-01' })).toEqual(['$.start']);
    expect(paths(schema, { startDate: 'x', tags: [{ name: 'a', colour: 'red' }] })).toEqual(['$.tags[0].colour']);
    expect(paths(schema, { start: '2026-01-01' })).toEqual(['$.start']);
    expect(found(schema, { start: 'x' })[0]).toMatchObject({ suggestion: 'startDate', blocking: false });
  });

  it('reads a node shared by two schemas against each one’s own $defs', () => {
    // One object in both trees: its allOf $ref means something else in each.
    const shared = { type: 'object', properties: { a: {} }, allOf: [{ $ref: '#/$defs/more' }] };
    const first = { type: 'object', properties: { x: shared }, $defs: { more: { properties: { b: {} } } } };
    const second = { type: 'object', properties: { x: shared }, $defs: { more: { properties: { c: {} }, additionalProperties: false } } };
    const args = { x: { a: 1, b: 2 } };
    expect(paths(first, args)).toEqual([]);
    expect(paths(second, args)).toEqual(['$.x.b']);
    expect(found(second, args)[0]?.blocking).toBe(true);
    expect(paths(first, args)).toEqual([]);
  });
});
