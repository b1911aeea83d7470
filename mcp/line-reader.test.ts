import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { BoundedLineReader, type LineProblem } from './line-reader';

const KiB = 1024;

function reader(limit: number, answer: (problem: LineProblem) => JSONRPCMessage | null = () => null) {
  const problems: LineProblem[] = [];
  const r = new BoundedLineReader(limit, (problem) => {
    problems.push(problem);
    return answer(problem);
  });
  const messages = () => {
    const out: JSONRPCMessage[] = [];
    for (let m = r.readMessage(); m; m = r.readMessage()) out.push(m);
    return out;
  };
  return { r, problems, messages };
}

/** `text` appended in chunks of `size` bytes, as a pipe delivers it; the largest buffer the reader held. */
function stream(r: BoundedLineReader, text: string, size = 64 * KiB): number {
  const bytes = Buffer.from(text);
  let most = 0;
  for (let i = 0; i < bytes.length; i += size) {
    r.append(bytes.subarray(i, i + size));
    most = Math.max(most, r.bufferedBytes);
  }
  return most;
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' } as const;

describe('BoundedLineReader', () => {
  it('reads messages cut anywhere by the stream, \\r\\n and blank lines included', () => {
    const { r, messages, problems } = reader(KiB);
    stream(r, `${JSON.stringify(ping)}\r\n\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`, 5);
    expect(messages()).toEqual([ping, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(problems).toEqual([]);
  });

  it('skips a line over the limit as it streams, holding at most the limit, and hands on what the handler answers', () => {
    const big = JSON.stringify({ result: { content: [{ type: 'text', text: 'x'.repeat(3 * 1024 * KiB) }] }, jsonrpc: '2.0', id: 9 });
    const answer = { jsonrpc: '2.0', id: 9, error: { code: -32603, message: 'too large' } } as const;
    const { r, messages, problems } = reader(1024 * KiB, (p) => (p.kind === 'too_large' ? answer : null));
    const most = stream(r, `${big}\n${JSON.stringify(ping)}\n`);
    expect(most).toBeLessThanOrEqual(1024 * KiB);
    expect(messages()).toEqual([answer, ping]);
    expect(problems).toEqual([{ kind: 'too_large', bytes: Buffer.byteLength(big), head: { id: 9, kind: 'response', method: null } }]);
  });

  it('takes a line of exactly the limit', () => {
    const line = JSON.stringify({ ...ping, params: { pad: '' } });
    const exact = JSON.stringify({ ...ping, params: { pad: 'p'.repeat(200 - line.length) } });
    const { r, messages, problems } = reader(200);
    stream(r, `${exact}\n`, 64);
    expect(messages()).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('says what is wrong with a line that is not JSON, a batch, and an object that is not JSON-RPC, and goes on', () => {
    const { r, messages, problems } = reader(KiB);
    stream(r, `not json\n[${JSON.stringify(ping)}]\n{"id":3,"method":"ping"}\n{"jsonrpc":"2.0","id":4,"result":1}\n7\n${JSON.stringify(ping)}\n`);
    expect(messages()).toEqual([ping]);
    expect(problems.map((p) => p.kind)).toEqual(['parse_error', 'batch', 'invalid', 'invalid', 'invalid']);
    expect(problems[1]).toEqual({ kind: 'batch', elements: [ping] });
    expect(problems[2]).toMatchObject({ id: 3, looksLikeResponse: false });
    expect(problems[3]).toMatchObject({ id: 4, looksLikeResponse: true });
    expect(problems[4]).toMatchObject({ id: null, detail: 'a JSON number, not an object' });
  });
});

describe('BoundedLineReader and JSONRPCMessageSchema', () => {
  it('hands on every message as the schema would, and refuses the rest alike (the quick path included)', async () => {
    const { JSONRPCMessageSchema } = await import('@modelcontextprotocol/core');
    const fc = (await import('fast-check')).default;
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.dictionary(
        fc.constantFrom('a', '_meta', 'progressToken', 'io.modelcontextprotocol/serverInfo'),
        fc.oneof(fc.string(), fc.integer(), fc.dictionary(fc.string(), fc.string(), { maxKeys: 1 })),
        { maxKeys: 2 },
      ),
    );
    const message = fc.record(
      {
        jsonrpc: fc.constantFrom('2.0', '1.0'),
        id: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null)),
        method: fc.oneof(fc.constantFrom('tools/call', 'ping'), fc.integer()),
        params: value,
        result: value,
        error: fc.oneof(value, fc.record({ code: fc.integer(), message: fc.string() })),
        extra: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(message, (m) => {
        const { r, messages, problems } = reader(KiB);
        r.append(Buffer.from(`${JSON.stringify(m)}\n`));
        const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(JSON.stringify(m)));
        const read = messages();
        if (parsed.success) {
          expect(read).toEqual([parsed.data]);
          expect(problems).toEqual([]);
        } else expect(read).toEqual([]);
      }),
      { numRuns: 3_000 },
    );
  });
});
