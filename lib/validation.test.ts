import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueDetails, PLAIN_ERRORS } from './validation';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value, PLAIN_ERRORS);
  if (result.success) throw new Error('expected the value to be refused');
  return issueDetails(result.error).map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
}

describe('plain validator messages', () => {
  it('says limits in words', () => {
    expect(messages(z.object({ cap: z.number().int().max(128) }), { cap: 500 })).toEqual(['cap: must be at most 128']);
    expect(messages(z.number().min(1), 0)).toEqual(['must be at least 1']);
    expect(messages(z.number().lt(5), 5)).toEqual(['must be less than 5']);
    expect(messages(z.string().max(3), 'abcd')).toEqual(['must be at most 3 characters']);
    expect(messages(z.string().min(1), '')).toEqual(['must not be empty']);
    expect(messages(z.array(z.string()).max(1), ['a', 'b'])).toEqual(['must have at most 1 item']);
  });

  it('says what kind of value was expected, and what is missing', () => {
    expect(messages(z.object({ name: z.string() }), {})).toEqual(['name: is required']);
    expect(messages(z.object({ name: z.string() }), { name: 3 })).toEqual(['name: must be text, not a number']);
    expect(messages(z.number().int(), 1.5)).toEqual(['must be a whole number, not a number']);
    expect(messages(z.array(z.string()), 'x')).toEqual(['must be a list, not text']);
  });

  it('names the allowed values and formats', () => {
    expect(messages(z.enum(['all', 'ok']), 'bad')).toEqual(["must be one of 'all' or 'ok'"]);
    expect(messages(z.enum(['a', 'b', 'c']), 'd')).toEqual(["must be one of 'a', 'b' or 'c'"]);
    expect(messages(z.string().url(), 'nope')).toEqual(['must be a URL, e.g. https://example.com/mcp']);
    expect(messages(z.iso.datetime(), 'yesterday')).toEqual(['must be a date and time in ISO 8601, e.g. 2026-01-31T12:00:00Z']);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual(['has unknown fields: b, c']);
  });

  it('keeps a message the schema words itself', () => {
    expect(messages(z.string().regex(/^[a-z]+$/, 'use lower-case letters'), 'A')).toEqual(['use lower-case letters']);
    expect(messages(z.string().regex(/^[a-z]+$/), 'A')).toEqual(['is not in the expected format']);
  });
});
