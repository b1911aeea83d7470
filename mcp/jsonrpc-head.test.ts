import { describe, expect, it } from 'vitest';
import { JsonRpcHeadScanner, type MessageHead } from './jsonrpc-head';

/** The head of `text`, fed in pieces of `step` bytes (a stream cuts anywhere). */
function headOf(text: string, step = 7): MessageHead {
  const bytes = Buffer.from(text);
  const scanner = new JsonRpcHeadScanner();
  for (let i = 0; i < bytes.length; i += step) scanner.feed(bytes, i, Math.min(bytes.length, i + step));
  return scanner.head();
}

describe('JsonRpcHeadScanner', () => {
  it('finds the id an SDK server writes last, after a large result with ids and escapes inside it', () => {
    const result = { content: [{ type: 'text', text: `a "quoted" \\ {"id":99} ${'x'.repeat(100_000)}` }], id: 5 };
    const text = JSON.stringify({ result, jsonrpc: '2.0', id: 42 });
    for (const step of [1, 3, 4_096]) expect(headOf(text, step)).toEqual({ id: 42, kind: 'response', method: null });
    expect(headOf(JSON.stringify({ error: { code: 1, message: 'm', data: { id: 3 } }, jsonrpc: '2.0', id: 'req-"7"' }))).toEqual({
      id: 'req-"7"',
      kind: 'response',
      method: null,
    });
  });

  it('tells a request from a notification, with its method', () => {
    expect(headOf(JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'x', arguments: { id: 1 } } }))).toEqual({
      id: 'a',
      kind: 'request',
      method: 'tools/call',
    });
    expect(headOf(' {"method" : "notifications/message", "params": {"id": 1}, "jsonrpc": "2.0"}\r')).toEqual({
      id: null,
      kind: 'notification',
      method: 'notifications/message',
    });
  });

  it('has no id to answer when the id is not one (an object, a fraction, too long) or the text is not an object', () => {
    expect(headOf('{"jsonrpc":"2.0","id":{"n":1},"method":"m"}')).toEqual({ id: null, kind: 'request', method: 'm' });
    expect(headOf('{"jsonrpc":"2.0","id":1.5,"result":{}}')).toEqual({ id: null, kind: 'response', method: null });
    expect(headOf(`{"jsonrpc":"2.0","id":"${'i'.repeat(1_000)}","result":{}}`)).toEqual({ id: null, kind: 'response', method: null });
    expect(headOf('[{"jsonrpc":"2.0","id":1,"method":"m"}]')).toEqual({ id: null, kind: 'unknown', method: null });
    expect(headOf('"id"')).toEqual({ id: null, kind: 'unknown', method: null });
    expect(headOf('{"jsonrpc":"2.0","id":7')).toEqual({ id: 7, kind: 'unknown', method: null });
  });
});
