import { Client, InMemoryTransport, SdkErrorCode } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { until } from '@/test/stdio-framing';
import { DirectCalls, FIRST_ID } from './direct-calls';
import { EncodedResult } from './encoded-result';
import { BoundedLineReader } from './line-reader';
import { versionNegotiation } from './protocol';
import { callUpstreamTool } from './upstream';

type Answer = (request: JSONRPCRequest, send: (message: JSONRPCMessage) => void) => void;

/**
 * A Client on one end of an in-memory pair, DirectCalls on its transport, and on the other end a
 * scripted server: initialize answered, every other request as `answer` says, each message kept.
 */
async function connected(answer: Answer) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const seen: JSONRPCMessage[] = [];
  const send = (message: JSONRPCMessage) => void serverSide.send(message);
  serverSide.onmessage = (message) => {
    seen.push(message);
    if (!('method' in message) || !('id' in message)) return;
    if (message.method === 'initialize') {
      const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'scripted', version: '1' } };
      return send({ jsonrpc: '2.0', id: message.id, result });
    }
    if (message.method === 'ping') return send({ jsonrpc: '2.0', id: message.id, result: {} });
    answer(message, send);
  };
  await serverSide.start();
  const client = new Client({ name: 'test', version: '1' }, { capabilities: {}, versionNegotiation: versionNegotiation('2025-11-25', 5_000) });
  let clientClosed = false;
  client.onclose = () => {
    clientClosed = true;
  };
  await client.connect(clientSide);
  const direct = new DirectCalls(clientSide);
  return { client, direct, seen, serverSide, clientClosed: () => clientClosed };
}

const cancellations = (seen: JSONRPCMessage[]) =>
  seen.filter((m) => 'method' in m && m.method === 'notifications/cancelled').map((m) => ('params' in m ? m.params : null));

/** The error as a caller sees it: what kind, and what it says. */
const described = (err: unknown) => {
  const e = err as { constructor: { name: string }; code?: unknown; message: string; data?: unknown };
  return { kind: e.constructor.name, code: e.code, message: e.message, data: e.data };
};

describe('DirectCalls (tools/call to a server without the Client request machinery)', () => {
  it('answers with the result as the server sent it, beside the Client’s own requests on the same session', async () => {
    const result = { content: [{ type: 'text', text: 'hi' }], structuredContent: { n: 1 }, isError: false };
    const s = await connected((request, send) => send({ jsonrpc: '2.0', id: request.id, result }));
    const [answer] = await Promise.all([s.direct.call({ name: 'echo', arguments: { message: 'hi' } }, { timeoutMs: 5_000 }), s.client.ping()]);
    expect(answer).toEqual(result);
    const call = s.seen.find((m) => 'method' in m && m.method === 'tools/call');
    // Its own ids, numbers as the Client's are, far above them.
    expect(call).toEqual({ jsonrpc: '2.0', id: FIRST_ID, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } });
    expect(s.direct.inFlight).toBe(0);
  });

  it('rejects an error response and a result that is no CallToolResult exactly as the Client does', async () => {
    const s = await connected((request, send) => {
      const name = (request.params as { name: string }).name;
      if (name === 'fail') send({ jsonrpc: '2.0', id: request.id, error: { code: -32602, message: 'bad arguments', data: { hint: 'x' } } });
      else send({ jsonrpc: '2.0', id: request.id, result: { content: 'not a list' } });
    });
    for (const name of ['fail', 'malformed']) {
      const direct = await s.direct.call({ name }, { timeoutMs: 5_000 }).catch(described);
      const sdk = await callUpstreamTool(s.client, { name }, { timeoutMs: 5_000 }).catch(described);
      expect(direct).toEqual(sdk);
    }
    expect(await s.direct.call({ name: 'malformed' }, { timeoutMs: 5_000 }).catch(described)).toMatchObject({
      kind: 'SdkError',
      message: expect.stringMatching(/^Invalid result for tools\/call: content: /),
    });
  });

  it('hands on every progress before the result, the last one too when it comes in the same read', async () => {
    const s = await connected((request, send) => {
      const token = (request.params as { _meta?: { progressToken?: number } })._meta?.progressToken;
      // Sent at once, one after the other: the Client's own path drops what its handler finds gone.
      for (const progress of [1, 2, 3])
        send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress, total: 3, message: `step ${progress}` } });
      send({ jsonrpc: '2.0', id: request.id, result: { content: [{ type: 'text', text: 'done' }] } });
    });
    const seen: unknown[] = [];
    const result = await s.direct.call({ name: 'long', arguments: {} }, { timeoutMs: 5_000, onProgress: (p) => seen.push(p) });
    seen.push('result');
    expect(result).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
      'result',
    ]);
    expect(s.seen.find((m) => 'method' in m && m.method === 'tools/call')).toMatchObject({ params: { _meta: { progressToken: FIRST_ID } } });
  });

  it('restarts the timeout at each progress, as the Client’s resetTimeoutOnProgress does', async () => {
    const s = await connected((request, send) => {
      const token = (request.params as { _meta?: { progressToken?: number } })._meta?.progressToken;
      let step = 0;
      const timer = setInterval(() => {
        if (++step < 6) return send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: step } });
        clearInterval(timer);
        send({ jsonrpc: '2.0', id: request.id, result: { content: [] } });
      }, 40);
    });
    const steps: number[] = [];
    // 240 ms in all, never 100 ms without a word.
    await expect(s.direct.call({ name: 'long' }, { timeoutMs: 100, onProgress: (p) => steps.push(p.progress) })).resolves.toEqual({ content: [] });
    expect(steps).toEqual([1, 2, 3, 4, 5]);
  });

  it('times out as the Client would, and tells the server the call is cancelled', async () => {
    const s = await connected(() => {});
    const error = await s.direct.call({ name: 'slow' }, { timeoutMs: 50 }).catch(described);
    expect(error).toMatchObject({ kind: 'SdkError', code: SdkErrorCode.RequestTimeout, message: 'Request timed out', data: { timeout: 50 } });
    await until(() => (cancellations(s.seen).length > 0 ? true : undefined));
    expect(cancellations(s.seen)).toEqual([{ requestId: FIRST_ID, reason: expect.stringContaining('Request timed out') }]);
    expect(s.direct.inFlight).toBe(0);
  });

  it('passes a cancellation on to the server with its reason, and sends nothing for a call already cancelled', async () => {
    const s = await connected(() => {});
    const controller = new AbortController();
    const call = s.direct.call({ name: 'slow' }, { timeoutMs: 60_000, signal: controller.signal }).catch(described);
    controller.abort('the user cancelled');
    expect(await call).toMatchObject({ kind: 'SdkError', code: SdkErrorCode.RequestTimeout, message: 'the user cancelled' });
    await until(() => (cancellations(s.seen).length > 0 ? true : undefined));
    expect(cancellations(s.seen)).toEqual([{ requestId: FIRST_ID, reason: 'the user cancelled' }]);

    const sentBefore = s.seen.length;
    expect(await s.direct.call({ name: 'slow' }, { timeoutMs: 60_000, signal: controller.signal }).catch(described)).toMatchObject({
      message: 'the user cancelled',
    });
    await s.client.ping();
    expect(s.seen.slice(sentBefore).map((m) => ('method' in m ? m.method : 'response'))).toEqual(['ping']);
  });

  it('rejects a call in flight with the SDK’s ConnectionClosed when the session closes, and the Client still hears the close', async () => {
    const s = await connected(() => {});
    const call = s.direct.call({ name: 'slow' }, { timeoutMs: 60_000 }).catch(described);
    await until(() => (s.seen.some((m) => 'method' in m && m.method === 'tools/call') ? true : undefined));
    await s.serverSide.close();
    // -32000: what Upstream.call takes for a session gone, and restarts the server for.
    expect(await call).toMatchObject({ kind: 'SdkError', code: SdkErrorCode.ConnectionClosed, message: 'Connection closed' });
    expect(s.clientClosed()).toBe(true);
  });
});

describe('DirectCalls and a large result (#45)', () => {
  /**
   * DirectCalls on a transport whose responses are read by a BoundedLineReader, as on a stdio
   * session: `respond` streams a line to it in 64 KiB pieces, as a pipe does.
   */
  async function overLines() {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const calls: JSONRPCRequest[] = [];
    serverSide.onmessage = (message) => {
      if ('method' in message && 'id' in message) calls.push(message);
    };
    await serverSide.start();
    const toClient: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => void toClient.push(message);
    await clientSide.start();
    const reader = new BoundedLineReader(10 * 1024 * 1024, () => null);
    const direct = new DirectCalls(clientSide, reader);
    const respond = (result: unknown) => {
      const id = calls.at(-1)?.id;
      const line = Buffer.from(`${JSON.stringify({ result, jsonrpc: '2.0', id })}\n`);
      for (let at = 0; at < line.length; at += 64 * 1024) {
        reader.append(line.subarray(at, at + 64 * 1024));
        for (let message = reader.readMessage(); message; message = reader.readMessage()) clientSide.onmessage?.(message);
      }
    };
    return { direct, respond, toClient };
  }

  const big = { content: [{ type: 'text', text: `"quoted" é\n${'x'.repeat(400 * 1024)}` }], structuredContent: { n: 1 }, isError: true, vendorField: [1] };

  it('comes as the bytes the server wrote when the caller takes them, with isError read from it', async () => {
    const s = await overLines();
    const call = s.direct.call({ name: 'big' }, { timeoutMs: 5_000, encoded: true });
    s.respond(big);
    const answer = await call;
    expect(answer).toBeInstanceOf(EncodedResult);
    const encoded = answer as EncodedResult;
    expect(encoded.isError).toBe(true);
    expect(Buffer.concat(encoded.bytes).toString()).toBe(JSON.stringify(big));
    expect(s.toClient).toEqual([]);
    expect(s.direct.inFlight).toBe(0);
  });

  it('comes as a value to a caller that does not take bytes, and when it is not of the usual shape; a malformed one fails as ever', async () => {
    const s = await overLines();
    const plain = s.direct.call({ name: 'big' }, { timeoutMs: 5_000 });
    s.respond(big);
    expect(await plain).toEqual(big);
    // A resource_link block is the SDK schema's to judge: the result is parsed and judged as before.
    const linked = { content: [...big.content, { type: 'resource_link', uri: 'file:///b.txt', name: 'b' }] };
    const unusual = s.direct.call({ name: 'big' }, { timeoutMs: 5_000, encoded: true });
    s.respond(linked);
    expect(await unusual).toEqual(linked);
    const malformed = s.direct.call({ name: 'big' }, { timeoutMs: 5_000, encoded: true });
    s.respond({ content: 'x'.repeat(400 * 1024) });
    expect(await malformed.catch(described)).toMatchObject({ kind: 'SdkError', message: expect.stringMatching(/^Invalid result for tools\/call: content: /) });
  });
});
