import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';
import { startRouteServer } from '@/test/route-server';
import { describeLatency, HELD_UP_MS, surfacePollLatency } from '@/test/surface-poll-latency';

/**
 * What one project's hostile events cost another project (§arguments): while they are
 * ingested, the other project's proxy polls its /surface, and every poll is timed from when it
 * fell due. Before the bounds, the catastrophic pattern held the process for 46.8 s and the
 * 2M-character key for 9.7 s, and every poll waited for them.
 */
setupTestDatabase();

let routes: Awaited<ReturnType<typeof startRouteServer>>;
beforeAll(async () => {
  routes = await startRouteServer();
});
afterAll(() => routes.stop());

const HOSTILE = {
  tools: [{ name: 'greet', inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } }, additionalProperties: false } }],
};
/** Rounds of events, each event a request of its own: a call to the pattern's tool, then one of 2 MB. */
const ROUNDS = 6;

describe('hostile events of one project', () => {
  it(`keep another project’s /surface p99 under ${HELD_UP_MS} ms: the catastrophic pattern and the 2M-character key`, async () => {
    const victim = await createTestProject(['github'], 'victim');
    const attacker = await createTestProject([], 'attacker');
    expect((await api.put(`/api/projects/${attacker}/catalog/evil`, { json: HOSTILE })).status).toBeLessThan(300);

    const eventsUrl = `${routes.origin}/api/projects/${attacker}/events`;
    const body = (id: string, args: unknown) => JSON.stringify([event(id, 'evil__greet', { canonical: 'evil/greet', arguments: args })]);
    const long = 'k'.repeat(2_000_000);
    const rounds = (kind: string, name: string, big: Record<string, unknown>) =>
      Array.from({ length: ROUNDS }, (_, round) => [body(`${kind}-name-${round}`, { name }), body(`${kind}-big-${round}`, { name: 'a', ...big })]).flat();
    // The same requests, but for the hostile parts: a name the pattern matches, and the 2 MB in a value, not a key.
    const ordinary = rounds('ordinary', 'aaa', { value: long });
    const hostile = rounds('hostile', `${'a'.repeat(30)}!`, { [long]: 1 });
    // The attacker's project is warm (its catalog read, its schema compiled, a 2 MB body read once), as on a running server.
    expect(await sendFromAnotherThread(eventsUrl, [body('warm', { name: 'a' }), body('warm-big', { name: 'a', value: long })])).toEqual([
      { status: 200, accepted: 1 },
      { status: 200, accepted: 1 },
    ]);

    const whileSending = async (bodies: string[]) => {
      let answers: unknown[] = [];
      const latency = await surfacePollLatency({
        project: victim,
        during: async () => {
          answers = await sendFromAnotherThread(eventsUrl, bodies);
        },
      });
      expect(answers).toEqual(bodies.map(() => ({ status: 200, accepted: 1 })));
      return latency;
    };
    const before = await whileSending(ordinary);
    const during = await whileSending(hostile);
    expect(during.p99, `hostile: ${describeLatency(during)}; the same requests made ordinary: ${describeLatency(before)}`).toBeLessThan(HELD_UP_MS);
  });
});

/**
 * POST each body in turn from a worker thread, the statuses and counts answered. The attacker is
 * another client: what it costs to make and send 2 MB requests is not this process's to pay.
 */
function sendFromAnotherThread(url: string, bodies: string[]): Promise<{ status: number; accepted: number }[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const answers = [];
      for (const body of workerData.bodies) {
        const res = await fetch(workerData.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        answers.push({ status: res.status, accepted: (await res.json()).accepted });
      }
      parentPort.postMessage(answers);
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { url, bodies } });
  return new Promise((resolve, reject) => {
    worker.once('message', (answers: { status: number; accepted: number }[]) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
