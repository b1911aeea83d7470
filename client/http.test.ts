import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rejectionOf } from '@/test/rejection';
import { FavindexHttpError, readContract, sendToFavindex } from './http';

/** A server that answers each path as a test needs: favindex's envelope, a proxy's HTML page, garbled JSON, a hang. */
let server: http.Server;
let baseUrl: string;
const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let flakyHits = 0;
let flakyFailures = 0;
let flakyRetryAfter = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/api/ok') return json(200, { ok: true, echo: body });
      if (req.url === '/api/none') return res.writeHead(204).end();
      if (req.url === '/api/yaml') return res.writeHead(200, { 'content-type': 'application/yaml' }).end('kind: Project\n');
      if (req.url === '/api/refused')
        return json(403, {
          error_code: 'FORBIDDEN',
          message: 'this token lacks the scope catalog:write',
          retryable: false,
          suggested_action: 'make a token with it',
          cited_rule: '§auth',
        });
      if (req.url === '/api/newer') return json(409, { error_code: 'A_CODE_FROM_A_NEWER_SERVER', message: 'later', details: { n: 1 } });
      if (req.url === '/api/busy')
        return json(429, { error_code: 'RATE_LIMITED', message: 'slow down', retryable: true, suggested_action: 'wait', cited_rule: '§errors' });
      if (req.url === '/api/html') return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      if (req.url === '/api/garbled') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": tr');
      if (req.url === '/api/hang') return; // never answers
      // Unavailable for the first `failures` requests to it, then fine.
      if (req.url?.startsWith('/api/flaky')) {
        flakyHits++;
        if (flakyHits <= flakyFailures) return res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': flakyRetryAfter }).end('starting');
        return json(200, { ok: true, after: flakyHits });
      }
      if (req.url === '/api/bad')
        return json(400, { error_code: 'VALIDATION_ERROR', message: 'no', retryable: false, suggested_action: 'fix', cited_rule: '§errors' });
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const failureOf = (promise: Promise<unknown>) => rejectionOf(promise, FavindexHttpError);

describe('one request to favindex', () => {
  it('sends JSON with its content type and reads the JSON answer', async () => {
    const answer = await sendToFavindex({ baseUrl, method: 'POST', path: '/api/ok', json: { a: 1 }, headers: { 'x-favindex-via': 'cli' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, echo: '{"a":1}' });
    const sent = seen.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-favindex-via']).toBe('cli');
  });

  it('keeps a text answer as text, and a 204 as no body', async () => {
    const yaml = await sendToFavindex({ baseUrl, path: '/api/yaml' });
    expect(yaml).toMatchObject({ status: 200, text: 'kind: Project\n', json: undefined });
    expect(await sendToFavindex({ baseUrl, method: 'DELETE', path: '/api/none' })).toMatchObject({ status: 204, json: undefined });
  });

  it('turns a refusal into its envelope, retryable only where the same request may work later', async () => {
    const refused = await failureOf(sendToFavindex({ baseUrl, path: '/api/refused' }));
    expect(refused.failure).toMatchObject({ kind: 'refused', status: 403, envelope: { error_code: 'FORBIDDEN', suggested_action: 'make a token with it' } });
    expect(refused.message).toBe('this token lacks the scope catalog:write');
    expect(refused.retryable).toBe(false);
    const busy = await failureOf(sendToFavindex({ baseUrl, path: '/api/busy' }));
    expect(busy.retryable).toBe(true);
  });

  it('reads the envelope of a newer server whose error code it does not know', async () => {
    const newer = await failureOf(sendToFavindex({ baseUrl, path: '/api/newer' }));
    expect(newer.failure).toMatchObject({ kind: 'refused', status: 409, envelope: { error_code: 'A_CODE_FROM_A_NEWER_SERVER', details: { n: 1 } } });
  });

  it('says when what answered is not favindex: an error page, or JSON that does not parse', async () => {
    const html = await failureOf(sendToFavindex({ baseUrl, path: '/api/html' }));
    expect(html.failure).toEqual({ kind: 'not-favindex', status: 502, what: 'HTTP 502 (text/html)' });
    expect(html.retryable).toBe(true);
    const garbled = await failureOf(sendToFavindex({ baseUrl, path: '/api/garbled' }));
    expect(garbled.failure).toEqual({ kind: 'not-favindex', status: 200, what: 'a body that is not valid JSON' });
  });

  it('names why nothing answered: a refused connection, a timeout, the caller giving up', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failureOf(sendToFavindex({ baseUrl: `http://127.0.0.1:${port}`, path: '/api/ok' }));
    expect(refused.failure).toEqual({ kind: 'unreachable', reason: 'connection refused' });
    expect(refused.retryable).toBe(true);

    const slow = await failureOf(sendToFavindex({ baseUrl, path: '/api/hang', timeoutMs: 300 }));
    expect(slow.failure).toEqual({ kind: 'unreachable', reason: 'no answer within 300 ms' });
    const cancelled = new AbortController();
    const pending = sendToFavindex({ baseUrl, path: '/api/hang', timeoutMs: 60_000, signal: cancelled.signal });
    cancelled.abort();
    expect((await failureOf(pending)).failure.kind).toBe('unreachable');
  });
});

describe('asking again', () => {
  const waits: number[] = [];
  const retry = { attempts: 3, baseMs: 100, sleep: async (ms: number) => void waits.push(ms) };
  const flaky = (failures: number, retryAfter = '') => {
    flakyHits = 0;
    flakyFailures = failures;
    flakyRetryAfter = retryAfter;
    waits.length = 0;
  };

  it('asks a GET again after a failure that may pass, waiting longer each time, and answers with the first success', async () => {
    flaky(2);
    const answer = await sendToFavindex({ baseUrl, path: '/api/flaky', retry });
    expect(answer.json).toEqual({ ok: true, after: 3 });
    expect(waits).toEqual([100, 200]);
  });

  it('waits what Retry-After says, and gives up after its attempts with the last failure', async () => {
    flaky(10, '2');
    const failed = await failureOf(sendToFavindex({ baseUrl, path: '/api/flaky', retry }));
    expect(failed.failure).toMatchObject({ kind: 'not-favindex', status: 503 });
    expect(failed.retryAfterMs).toBe(2000);
    expect(flakyHits).toBe(4);
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('never asks a POST again, nor after a refusal that will not pass', async () => {
    flaky(1);
    expect((await failureOf(sendToFavindex({ baseUrl, method: 'POST', path: '/api/flaky', json: {}, retry }))).failure).toMatchObject({ status: 503 });
    expect(flakyHits).toBe(1);
    const before = seen.length;
    expect((await failureOf(sendToFavindex({ baseUrl, path: '/api/bad', retry }))).failure).toMatchObject({ kind: 'refused', status: 400 });
    expect(seen.length - before).toBe(1);
    expect(waits).toEqual([]);
  });
});

describe('an answer read with its contract', () => {
  const contract = z.object({ runs: z.array(z.object({ id: z.string() })) });

  it('gives the typed data when it matches, and the first issue with its path when it does not', () => {
    expect(readContract(contract, { runs: [{ id: 'run-1' }] })).toEqual({ ok: true, data: { runs: [{ id: 'run-1' }] } });
    const wrong = readContract(contract, { runs: [{ id: 7 }] });
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.issue).toMatch(/^runs\.0\.id: /);
  });
});
