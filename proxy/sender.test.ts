import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestResult } from '@/lib/contracts/events';
import { BODY_LIMITS, TRACE_FIELD_LIMITS } from '@/lib/limits';
import { FavindexError } from './favindex-api';
import { ProxyProblems } from './problems';
import { TraceSender } from './sender';
import { Spool } from './spool';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A spool holding `events` in one sealed segment, and a sender posting to `post` (a fake favindex). */
async function sending(post: (ndjson: string) => Promise<IngestResult>, events: Record<string, unknown>[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-sender-'));
  dirs.push(dir);
  const logs: string[] = [];
  const log = (m: string) => logs.push(m);
  const spool = new Spool({ dir, maxBytes: 64 << 20, segmentEvents: 10_000, sealAfterMs: 60_000, fsyncMs: 60_000, log });
  for (const event of events) spool.append(event);
  spool.close();
  // Segments filled before the last are sealed off the event loop.
  await vi.waitFor(() => expect(fs.readdirSync(dir).filter((f) => f.endsWith('.open'))).toEqual([]));
  const bodies: string[] = [];
  const api = {
    postEvents: (ndjson: string) => {
      bodies.push(ndjson);
      return post(ndjson);
    },
  };
  const sender = new TraceSender(spool, api, log, new ProxyProblems('http://favindex.test', log, () => true));
  return { spool, sender, logs, bodies, dir };
}

const trace = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'tool_call_trace',
  timestamp: new Date().toISOString(),
  tool: 'echo',
  status: 'ok',
  ...extra,
});
const idsOf = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { id: string }).id);
const setAside = (dir: string) =>
  fs.existsSync(path.join(dir, 'rejected'))
    ? fs
        .readdirSync(path.join(dir, 'rejected'))
        .flatMap((f) =>
          fs
            .readFileSync(path.join(dir, 'rejected', f), 'utf8')
            .trim()
            .split('\n'),
        )
        .map((line) => JSON.parse(line) as { reason: string; message: string; event: { id: string } })
    : [];
const tooLarge = () => new FavindexError('favindex refused POST /events: the request body is larger than 1 MiB (HTTP 413 PAYLOAD_TOO_LARGE)', 413, false);

describe('TraceSender', () => {
  it('sends a batch favindex refuses as too large in halves, sets aside the trace too large alone, and the traces after it arrive', async () => {
    const stored: string[] = [];
    const events = Array.from({ length: 16 }, (_, i) => trace(`e${i}`, i === 5 ? { note: 'x'.repeat(2_000) } : {}));
    // A favindex behind a reverse proxy that takes 1 KiB a request: e5 alone is more.
    const { spool, sender, logs, bodies, dir } = await sending(async (ndjson) => {
      if (ndjson.length > 1_024) throw tooLarge();
      stored.push(...idsOf(ndjson));
      return { accepted: idsOf(ndjson).length, duplicates: 0, rejected: [] };
    }, events);
    await sender.flush(5_000);

    expect(stored.sort()).toEqual(
      events
        .map((e) => e.id)
        .filter((id) => id !== 'e5')
        .sort(),
    );
    expect(setAside(dir)).toEqual([
      expect.objectContaining({ reason: 'TOO_LARGE', message: expect.stringContaining('413'), event: expect.objectContaining({ id: 'e5' }) }),
    ]);
    expect(spool.rejected.count).toBe(1);
    expect(spool.ready()).toEqual([]);
    expect(bodies.length).toBeLessThan(16);
    expect(logs.filter((l) => l.includes('set aside'))).toEqual([expect.stringContaining('TOO_LARGE')]);
    expect(sender.lastError).toBeNull();
  });

  it('sets aside a trace favindex refused as invalid, sends it never again, and says so once per reason', async () => {
    const { spool, sender, logs, bodies, dir } = await sending(
      async (ndjson) => ({
        accepted: idsOf(ndjson).length - 1,
        duplicates: 0,
        rejected: [{ index: 1, error_code: 'VALIDATION_FAILED', message: 'status: is a lower-case word' }],
      }),
      [trace('a'), trace('b', { status: 'Weird' }), trace('c')],
    );
    await sender.flush(5_000);
    expect(setAside(dir).map((r) => [r.reason, r.event.id])).toEqual([['VALIDATION_FAILED', 'b']]);
    expect(spool.ready()).toEqual([]);
    await sender.flush(5_000);
    expect(bodies).toHaveLength(1);
    expect(sender.stats).toMatchObject({ sent: 2, rejected: 1 });
    expect(logs.filter((l) => l.includes('set aside'))).toHaveLength(1);
  });

  it('cuts the giant trace an older proxy spooled to what ingest takes, and sends it with the others', async () => {
    const received: Record<string, unknown>[] = [];
    const { bodies, sender, dir } = await sending(async (ndjson) => {
      const lines = ndjson.trim().split('\n');
      received.push(...lines.map((line) => JSON.parse(line) as Record<string, unknown>));
      return { accepted: lines.length, duplicates: 0, rejected: [] };
    });
    // As the proxy of issue #20 wrote it: a tool and a client name of 4 MiB each, in a 8 MiB segment.
    const giant = trace('giant', { tool: 't'.repeat(4 << 20), client: 'c'.repeat(4 << 20) });
    fs.writeFileSync(path.join(dir, '000000000000001-1-000000.ready'), `${JSON.stringify(giant)}\n${JSON.stringify(trace('after'))}\n`);
    await sender.flush(5_000);
    expect(received.map((e) => e.id)).toEqual(['giant', 'after']);
    expect(String(received[0]?.tool).length).toBe(TRACE_FIELD_LIMITS.tool);
    expect(Math.max(...bodies.map((b) => b.length))).toBeLessThan(16 * 1024);
  }, 20_000);

  it('bounds a batch in bytes as well as in events', async () => {
    const events = Array.from({ length: 1_000 }, (_, i) => trace(`e${i}`, { pad: 'p'.repeat(10_000) }));
    const { sender, bodies } = await sending(async (ndjson) => ({ accepted: idsOf(ndjson).length, duplicates: 0, rejected: [] }), events);
    await sender.flush(10_000);
    expect(bodies.flatMap(idsOf)).toHaveLength(1_000);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMITS.events / 4);
  }, 20_000);

  it('sets aside without sending a trace larger than any request favindex takes (a field an older proxy kept whole)', async () => {
    const { sender, bodies, dir } = await sending(async (ndjson) => ({ accepted: idsOf(ndjson).length, duplicates: 0, rejected: [] }));
    const huge = trace('huge', { extra: 'x'.repeat(BODY_LIMITS.events) });
    fs.writeFileSync(path.join(dir, '000000000000001-1-000000.ready'), `${JSON.stringify(huge)}\n${JSON.stringify(trace('after'))}\n`);
    await sender.flush(5_000);
    expect(bodies.flatMap(idsOf)).toEqual(['after']);
    expect(setAside(dir)).toEqual([expect.objectContaining({ reason: 'TOO_LARGE', event: expect.objectContaining({ id: 'huge' }) })]);
  }, 20_000);
});
