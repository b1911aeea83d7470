import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { setupTestDatabase } from '@/test/database';
import { Readiness } from './readiness';
import { serveWhileStarting } from './probes';

const test = setupTestDatabase();

/** The test database, its queries answered by `execute` instead. */
function databaseAnswering(execute: () => Promise<unknown>): Database {
  return { ...test.database, db: { ...test.database.db, execute } as unknown as Database['db'] };
}

async function refusal(readiness: Readiness) {
  const err = await readiness.check().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(err && typeof err === 'object' && 'toEnvelope' in err && typeof err.toEnvelope === 'function')) throw new Error('ready, not refused');
  return err.toEnvelope();
}

describe('readiness (GET /readyz)', () => {
  it('is not ready while the server starts, saying which step it is at, nor once it stops', async () => {
    const readiness = new Readiness();
    expect(await refusal(readiness)).toMatchObject({ error_code: 'NOT_READY', retryable: true, message: 'favindex is opening the database' });
    for (const phase of ['applying migrations', 'preparing the pages', 'warming up'] as const) {
      readiness.enter(phase);
      expect((await refusal(readiness)).message).toBe(`favindex is ${phase}`);
    }
    readiness.ready(test.database);
    expect(await readiness.check()).toBe(test.kind);
    readiness.enter('stopping');
    expect((await refusal(readiness)).message).toBe('favindex is stopping');
  });

  it('is not ready when the database refuses the query, naming only the error code', async () => {
    const readiness = new Readiness();
    const down = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
    readiness.ready(databaseAnswering(() => Promise.reject(down)));
    const envelope = await refusal(readiness);
    expect(envelope).toMatchObject({ error_code: 'NOT_READY', message: 'the database does not answer: ECONNREFUSED' });
    expect(JSON.stringify(envelope)).not.toContain('10.0.0.7');
  });

  it('is not ready when the database does not answer in time', async () => {
    const readiness = new Readiness(50);
    readiness.ready(databaseAnswering(() => new Promise(() => {})));
    expect((await refusal(readiness)).message).toBe('the database does not answer: no answer within 50 ms');
  });

  describe('while the server starts', () => {
    let server: http.Server;
    let base: string;
    const readiness = new Readiness();

    beforeAll(async () => {
      server = http.createServer(serveWhileStarting(readiness));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('answers /healthz, /readyz with 503 and why, and tells every other request to come back', async () => {
      readiness.enter('applying migrations');
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('2');
      expect(await ready.json()).toMatchObject({ error_code: 'NOT_READY', message: 'favindex is applying migrations', retryable: true });
      const poll = await fetch(`${base}/api/projects/p/surface`);
      expect(poll.status).toBe(503);
      expect(await poll.json()).toMatchObject({ error_code: 'NOT_READY', retryable: true });
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(503);
    });
  });
});
