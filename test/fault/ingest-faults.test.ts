import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { idDigest, loginAdmin, ndjson, postBatch, rng, sleep, traceEvent, type Admin, type IngestAnswer, type TraceEvent } from './clients';
import { freePort } from '@/test/mcp-server';
import { ServerProcess } from './server-process';
import { createTarget, faultTargets, storedTotals, type FaultTarget } from './targets';

const PASSWORD = 'fault-tests-admin-password';
const githubTools = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'lib', 'demo', 'catalogs', 'github.json'), 'utf8')).tools;

/** The figures each run reached, printed at the end for the record. */
const figures: Record<string, unknown> = {};

describe.each(faultTargets())('on %s, a real server', (kind) => {
  let target: FaultTarget;
  let server: ServerProcess;
  let admin: Admin;

  beforeAll(async () => {
    target = await createTarget(kind);
    // A free port each run, so two checkouts can run the suite side by side.
    server = new ServerProcess({ port: await freePort(), env: target.env, password: PASSWORD });
    await server.start();
    admin = await loginAdmin(server.baseUrl, PASSWORD);
  });

  afterAll(async () => {
    if (server?.pid) await server.stop();
    await target?.dispose();
    console.log(`[fault figures] ${kind}: ${JSON.stringify(figures[kind])}`);
  });

  /** A project with the github catalog and an events:write token. */
  async function project(id: string): Promise<string> {
    expect((await admin.fetch('/api/projects', { method: 'POST', json: { id } })).status).toBe(201);
    expect((await admin.fetch(`/api/projects/${id}/catalog/github`, { method: 'PUT', json: { tools: githubTools } })).status).toBe(201);
    const res = await admin.fetch(`/api/projects/${id}/tokens`, { method: 'POST', json: { name: 'fault client', scopes: ['events:write'] } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  }

  /** Stop the server cleanly, look at the database, start it again (also when it did not stop cleanly, for the next test). */
  async function inspectStopped<T>(run: (db: Parameters<Parameters<FaultTarget['inspect']>[0]>[0]) => Promise<T>): Promise<T> {
    try {
      await server.stopCleanly();
      return await target.inspect(run);
    } finally {
      await server.start();
    }
  }

  function record(name: string, value: unknown) {
    figures[kind] = { ...(figures[kind] as object), [name]: value };
  }

  it('sends pages to the login, answers the API with 401, and sets the security headers', async () => {
    const page = await fetch(`${server.baseUrl}/projects/x`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login?next=%2Fprojects%2Fx');
    const login = await fetch(`${server.baseUrl}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(login.headers.get('x-frame-options')).toBe('DENY');
    expect(login.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${server.baseUrl}/api/projects`);
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ error_code: 'UNAUTHORIZED', cited_rule: '§auth' });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const signedIn = await admin.fetch('/');
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain('Log out');
  });

  // Exactly-once rests on ids racing in batches under way at once, not on volume: 8 clients of 3
  // batches each keep 8 transactions of 1,000 events open together, and a third of the repeats
  // hit an id another client's batch is inserting at that moment (at 25 batches, 1 in 25 did).
  it('takes 24,000 events from 8 concurrent clients, 10% of them repeated ids, and counts each exactly once', async () => {
    const CLIENTS = 8;
    const BATCHES = 3;
    const BATCH = 1_000;
    const REPEATS_PER_BATCH = 100;
    const unique = CLIENTS * BATCHES * (BATCH - REPEATS_PER_BATCH);
    const token = await project('concurrent');
    const now = Date.now();
    const eventOf = (n: number): TraceEvent => traceEvent(`u-${n}`, n, `s-${n % 500}`, now);
    const random = rng(6);
    let next = 0;
    const plans = Array.from({ length: CLIENTS }, () =>
      Array.from({ length: BATCHES }, () => {
        const batch: TraceEvent[] = [];
        for (let i = 0; i < BATCH - REPEATS_PER_BATCH; i++) batch.push(eventOf(next++));
        // A repeat is an exact copy of an event some client sends (maybe later, maybe in this batch).
        for (let i = 0; i < REPEATS_PER_BATCH; i++) batch.push(eventOf(Math.floor(random() * unique)));
        return batch.sort(() => random() - 0.5);
      }),
    );
    expect(next).toBe(unique);

    const started = Date.now();
    const answers = await Promise.all(
      plans.map(async (batches) => {
        const mine: IngestAnswer[] = [];
        for (const batch of batches) {
          const { status, body } = await postBatch(server.baseUrl, 'concurrent', token, batch);
          expect(status, JSON.stringify(body)).toBe(200);
          mine.push(body as IngestAnswer);
        }
        return mine;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const all = answers.flat();
    const sent = CLIENTS * BATCHES * BATCH;
    expect(all.reduce((n, a) => n + a.accepted, 0)).toBe(unique);
    expect(all.reduce((n, a) => n + a.duplicates, 0)).toBe(sent - unique);
    expect(all.flatMap((a) => a.rejected)).toEqual([]);

    const totals = await inspectStopped((db) => storedTotals(db, 'concurrent'));
    expect(totals.events).toBe(unique);
    expect(totals.idDigest).toBe(idDigest(Array.from({ length: unique }, (_, n) => `u-${n}`)));
    expect(Object.keys(totals.rollups)).toContain('usage_daily');
    for (const [table, { calls, covers }] of Object.entries(totals.rollups)) expect(calls, table).toBe(covers);
    const eventsPerSecond = Math.round(sent / seconds);
    record('concurrent', { clients: CLIENTS, sent, unique, repeated: sent - unique, seconds, eventsPerSecond, rollups: totals.rollups });
  });

  // Each kill lands while a batch is under way (asserted below): that, not volume, is what a
  // SIGKILL can tear. The last kill leaves a fifth of the batches to go, so clients are still
  // sending when it comes.
  it('loses nothing and doubles nothing when SIGKILLed 5 times while 4 clients ingest and retry', async () => {
    const CLIENTS = 4;
    const BATCHES = 10;
    const BATCH = 500;
    const KILLS = [0.1, 0.275, 0.45, 0.625, 0.8];
    const token = await project('crash');
    const now = Date.now();
    const batchOf = (c: number, b: number) =>
      Array.from({ length: BATCH }, (_, i) => traceEvent(`k${c}-${b}-${i}`, c * 100_000 + b * BATCH + i, `k${c}-${b}`, now));
    const total = CLIENTS * BATCHES;
    let acked = 0;
    let retries = 0;
    const current: (number | null)[] = Array(CLIENTS).fill(0);
    /** Batches sent and not yet answered: a kill now lands mid-ingest. */
    let sending = 0;
    let gate: Promise<void> = Promise.resolve();
    /** Who waits for `sending` or `acked` to move. */
    let moved: () => void = () => {};
    const until = async (ready: () => boolean) => {
      while (!ready()) await new Promise<void>((resolve) => (moved = resolve));
    };

    const client = async (c: number) => {
      for (let b = 0; b < BATCHES; b++) {
        current[c] = b;
        const batch = batchOf(c, b);
        for (;;) {
          sending++;
          moved();
          try {
            const { status, body } = await postBatch(server.baseUrl, 'crash', token, batch).finally(() => sending--);
            if (status === 200) {
              const answer = body as IngestAnswer;
              // A retry of a batch the killed server had committed comes back as all duplicates.
              expect(answer.accepted + answer.duplicates).toBe(BATCH);
              expect(answer.accepted === BATCH || answer.duplicates === BATCH).toBe(true);
              break;
            }
            // 503 (database unavailable) is retryable; anything else is a bug.
            expect(status, JSON.stringify(body)).toBe(503);
          } catch (err) {
            if ((err as { name?: string }).name === 'AssertionError') throw err;
          }
          retries++;
          await gate;
          await sleep(50 + Math.random() * 100);
        }
        acked++;
        moved();
      }
      current[c] = null;
    };

    const partial: { committed: number; none: number; torn: number } = { committed: 0, none: 0, torn: 0 };
    /** How many batches were under way at each kill. */
    const underWayAtKill: number[] = [];
    const killer = async () => {
      for (const at of KILLS) {
        await until(() => acked >= at * total);
        await sleep(Math.random() * 150);
        // A batch under way, or the run has ended (then the assertion below says the kill came too late).
        await until(() => sending > 0 || acked === total);
        underWayAtKill.push(sending);
        let release!: () => void;
        gate = new Promise((resolve) => (release = resolve));
        await server.kill();
        await server.start();
        // Before anyone retries: each batch in flight at the kill is stored whole or not at all.
        for (let c = 0; c < CLIENTS; c++) {
          const b = current[c];
          if (b === null) continue;
          const res = await admin.fetch(`/api/projects/crash/events?sessionId=k${c}-${b}&limit=500`);
          expect(res.status).toBe(200);
          const stored = ((await res.json()) as { events: unknown[] }).events.length;
          if (stored === BATCH) partial.committed++;
          else if (stored === 0) partial.none++;
          else partial.torn++;
        }
        release();
      }
    };

    const started = Date.now();
    await Promise.all([...Array.from({ length: CLIENTS }, (_, c) => client(c)), killer()]);
    const seconds = (Date.now() - started) / 1000;
    expect(partial.torn).toBe(0);
    expect(acked).toBe(total);
    expect(
      underWayAtKill.filter((n) => n === 0),
      `batches under way at each kill: ${underWayAtKill}`,
    ).toEqual([]);

    const totals = await inspectStopped((db) => storedTotals(db, 'crash'));
    const ids = Array.from({ length: CLIENTS }, (_, c) => Array.from({ length: BATCHES }, (_, b) => batchOf(c, b).map((e) => e.id))).flat(2);
    expect(totals.events).toBe(total * BATCH);
    expect(totals.idDigest).toBe(idDigest(ids));
    for (const [table, { calls, covers }] of Object.entries(totals.rollups)) expect(calls, table).toBe(covers);
    record('crash', {
      clients: CLIENTS,
      events: total * BATCH,
      kills: KILLS.length,
      retries,
      underWayAtKill,
      inFlightAtKill: partial,
      seconds,
    });
  });

  it('on SIGTERM refuses new connections, finishes the request in flight, records token use and closes the database', async () => {
    const token = await project('graceful');
    const events = Array.from({ length: 4_000 }, (_, n) => traceEvent(`g-${n}`, n, `g-${n % 10}`));
    const body = ndjson(events);
    const half = body.indexOf('\n', body.length / 2) + 1;
    const requestStarted = Date.now();

    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}/api/projects/graceful/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${token}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, half));
      // The first half is on the wire; the server is mid-request when SIGTERM comes.
      setTimeout(async () => {
        exited = server.send('SIGTERM');
        await sleep(500);
        refused = await fetch(`${server.baseUrl}/api/auth/session`).then(
          () => false,
          () => true,
        );
        req.end(body.slice(half));
      }, 300);
    });
    let exited!: Promise<{ code: number | null }>;
    let refused = false;

    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ accepted: 4_000, duplicates: 0, rejected: [] });
    expect(refused).toBe(true);
    expect((await exited).code).toBe(0);
    expect(server.tail()).toContain('SIGTERM: finishing in-flight requests');
    expect(server.tail()).toContain('database closed; bye');
    if (kind === 'pglite') expect(fs.existsSync(`${target.env.FAVINDEX_DATA_DIR}.lock`)).toBe(false);

    const { totals, lastUsed } = await target.inspect(async (db) => {
      const totals = await storedTotals(db, 'graceful');
      const [token] = await queryRows<{ at: Date | string | null }>(db, sql`select last_used_at as at from project_tokens where project_id = 'graceful'`);
      if (!token) throw new Error("project 'graceful' has no token, yet the test made one");
      return { totals, lastUsed: token.at };
    });
    expect(totals.events).toBe(4_000);
    for (const [table, { calls, covers }] of Object.entries(totals.rollups)) expect(calls, table).toBe(covers);
    // Written by the shutdown flush: the server was up for well under the 60 s flush interval.
    expect(lastUsed).not.toBeNull();
    expect(new Date(lastUsed!).getTime()).toBeGreaterThanOrEqual(requestStarted - 1_000);
    record('graceful', { inFlightEvents: 4_000, exitCode: 0 });
  });
});
