import { specTypeSchemas } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callResultPassthrough, isUsualCallResult } from './call-result';

const sdk = specTypeSchemas.CallToolResult['~standard'];
const validate = (value: unknown) => callResultPassthrough['~standard'].validate(value);

// Results near the spec's shape: valid blocks, blocks with a wrong field, unknown fields, odd tops.
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const base64 = fc.constantFrom('', 'AAAA', 'iVBORw0KGgo=', 'AB==', '***', 'AAA', 'A===');
const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom('image', 'audio'), data: base64, mimeType: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: ['type'] }),
  fc.record({
    type: fc.constant('resource'),
    resource: fc.record(
      { uri: fc.oneof(fc.string(), fc.integer()), text: fc.string(), blob: base64, mimeType: anyValue, _meta: anyValue },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ type: fc.constantFrom('resource_link', 'other'), uri: fc.string(), name: fc.string() }),
  anyValue,
);
const withExtra = <T>(arb: fc.Arbitrary<T>) =>
  fc
    .tuple(arb, fc.dictionary(fc.constantFrom('vendor', 'annotations', '_meta', 'x'), anyValue, { maxKeys: 2 }))
    .map(([v, extra]) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, ...extra } : v));
const result = withExtra(
  fc.record(
    {
      content: fc.oneof(fc.array(withExtra(block), { maxLength: 3 }), anyValue),
      isError: fc.oneof(fc.boolean(), anyValue),
      structuredContent: anyValue,
    },
    { requiredKeys: [] },
  ),
);

describe('callResultPassthrough', () => {
  it("passes on what the SDK's schema accepts and nothing else, as sent when it is of the usual shape", async () => {
    await fc.assert(
      fc.asyncProperty(result, async (value) => {
        const ours = await validate(value);
        const theirs = await sdk.validate(value);
        expect(Boolean(ours.issues), JSON.stringify(value)).toBe(Boolean(theirs.issues));
        if (isUsualCallResult(value)) {
          // The very object: nothing copied or dropped.
          expect(ours.issues ? null : ours.value).toBe(value);
        } else {
          expect(ours).toEqual(theirs);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps the fields the SDK would drop, and refuses a result that is not one with its message', async () => {
    const value = { content: [{ type: 'text', text: 'x'.repeat(100_000), vendor: 1 }], structuredContent: { a: 1 }, _meta: { k: 'v' }, extra: true };
    expect(await validate(value)).toEqual({ value });
    expect(await sdk.validate(value)).not.toEqual({ value });
    const refused = await validate({ content: 'not an array' });
    expect(refused.issues?.[0]?.message).toMatch(/expected array/);
  });
});
