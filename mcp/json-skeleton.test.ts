import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBase64 } from './call-result';
import { JsonSkeleton } from './json-skeleton';

/** `text` fed in pieces cut at `cuts` (fractions of its length), and the skeleton made of it. */
function skeletonOf(text: string | Buffer, cuts: number[] = []) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  const scanner = new JsonSkeleton();
  let from = 0;
  for (const to of [...at, bytes.length]) {
    scanner.feed(bytes.subarray(from, to));
    from = to;
  }
  return { scanner, skeleton: scanner.finish() };
}

/** What the skeleton of a message must parse to: strings below the top level of 1,024 bytes or more (as written) stood in for. */
function expected(value: unknown, level: number): unknown {
  if (typeof value === 'string') {
    const long = level >= 2 && Buffer.byteLength(JSON.stringify(value)) - 2 >= 1_024;
    return long ? (isBase64(value) ? 'AAAA' : '!') : value;
  }
  if (Array.isArray(value)) return value.map((v) => expected(v, level + 1));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expected(v, level + 1)]));
  return value;
}

const LONG = 'x'.repeat(1_100);
const base64 = Buffer.alloc(900, 7).toString('base64');
/** Strings short, long, base64, escaped and not UTF-16 clean, and JSON values around them. */
const strings = fc.oneof(
  fc.string(),
  fc.string().map((s) => LONG + s),
  fc.constant(base64),
  fc.constant(`${base64.slice(0, -4)}!!!!`),
  fc.string({ unit: 'binary' }).map((s) => `${LONG}"\\\n\u0001${s}`),
);
const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    strings,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
})).value;

describe('JsonSkeleton', () => {
  it('parses as the message does, with long strings stood in for, and finds the result as it was written, however the text is cut', () => {
    fc.assert(
      fc.property(values, values, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (result, extra, cuts) => {
        const message = { result: { content: [{ type: 'text', text: LONG }], value: result }, jsonrpc: '2.0', extra, id: 7 };
        const text = JSON.stringify(message, null, cuts.length % 2 === 0 ? undefined : 1);
        const { scanner, skeleton } = skeletonOf(text, cuts);
        expect(skeleton).not.toBeNull();
        // Compared with the text read back: JSON has no -0, and no value it cannot write.
        const parsed = JSON.parse(text);
        expect(JSON.parse(skeleton?.text ?? '')).toEqual(expected(parsed, 0));
        const span = skeleton?.result;
        expect(span).toBeTruthy();
        expect(JSON.parse(Buffer.concat(scanner.bytes(span?.start ?? 0, span?.end ?? 0)).toString())).toEqual(parsed.result);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps what a result check reads of a long string: base64 or not, escapes decoded', () => {
    const data = Buffer.alloc(3_000, 250).toString('base64');
    const cases: [string, string][] = [
      [data, 'AAAA'],
      // Some encoders escape the slash, or any character.
      [data.replaceAll('/', '\\/'), 'AAAA'],
      [`\\u0041\\u0041\\u0041\\u0041${data}`, 'AAAA'],
      [`${data}\\n`, '!'],
      [`${data.slice(1)}`, '!'],
      [`${data.slice(0, -4)}é==`, '!'],
    ];
    for (const [written, standIn] of cases) {
      const { skeleton } = skeletonOf(`{"result":{"content":[{"type":"image","data":"${written}"}]},"id":1}`, [0.3, 0.6]);
      expect(JSON.parse(skeleton?.text ?? '').result.content[0].data, written.slice(0, 30)).toBe(standIn);
    }
  });

  it('finds no skeleton in a text that is not JSON, however long its strings', () => {
    const bad = [
      `{"result":{"text":"${LONG}\u0001"}}`,
      `{"result":{"text":"${LONG}\\x"}}`,
      `{"result":{"text":"${LONG}\\u12G4"}}`,
      `{"result":{"text":"${LONG}"}`,
      `{"result":{"text":"${LONG}`,
    ];
    for (const text of bad) {
      const { skeleton } = skeletonOf(text, [0.5]);
      // Either no skeleton, or one JSON.parse refuses, as it refuses the text.
      expect(() => JSON.parse(text)).toThrow();
      if (skeleton) expect(() => JSON.parse(skeleton.text)).toThrow();
    }
    // A short string is left for JSON.parse to judge.
    expect(() => JSON.parse(skeletonOf('{"result":{"text":"\u0001"}}').skeleton?.text ?? '')).toThrow();
  });

  it('takes the last `result` as JSON.parse does, and none that is not an object', () => {
    const { scanner, skeleton } = skeletonOf(`{"result":{"a":1},"re\\u0073ult":{"b":"${LONG}"},"id":1}`);
    expect(JSON.parse(Buffer.concat(scanner.bytes(skeleton?.result?.start ?? 0, skeleton?.result?.end ?? 0)).toString())).toEqual({ b: LONG });
    expect(skeletonOf('{"result":{"a":1},"result":5}').skeleton?.result).toBeNull();
    expect(skeletonOf('{"result":"text","id":1}').skeleton?.result).toBeNull();
  });
});
