import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spool, type SpoolOptions } from './spool';

const dirs: string[] = [];
function spool(overrides: Partial<SpoolOptions> = {}) {
  const dir = overrides.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-spool-'));
  dirs.push(dir);
  const logs: string[] = [];
  const made = new Spool({ dir, maxBytes: 1 << 20, segmentEvents: 10, sealAfterMs: 60_000, fsyncMs: 60_000, log: (m) => logs.push(m), ...overrides });
  return { spool: made, dir, logs };
}
/** Until `count` segments are sealed (sealing is asynchronous). */
async function sealed(s: Spool, count: number): Promise<void> {
  for (let i = 0; i < 200 && s.ready().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(s.ready().length).toBeGreaterThanOrEqual(count);
}
const ids = async (s: Spool) => (await Promise.all(s.ready().map((seg) => s.read(seg)))).flatMap((c) => c!.events.map((e) => e.id));

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('trace spool', () => {
  it('seals a segment at segmentEvents, in order, and keeps what is sealed until removed', async () => {
    const { spool: s } = spool();
    for (let i = 0; i < 25; i++) s.append({ id: `e${i}` });
    await sealed(s, 2);
    s.seal();
    await sealed(s, 3);
    expect(await ids(s)).toEqual(Array.from({ length: 25 }, (_, i) => `e${i}`));
    s.remove(s.ready()[0]!);
    expect((await ids(s))[0]).toBe('e10');
    s.close();
  });

  it("writes a started call's own trace once its answer has left, any other call's at once, and what is owed when it closes", async () => {
    const { spool: s } = spool();
    s.begin({ id: 'sent', status: 'unknown' });
    s.appendAfterAnswer('sent', () => ({ id: 'sent', status: 'ok' }));
    s.appendAfterAnswer('refused', () => ({ id: 'refused', status: 'denied' }));
    // This turn of the event loop is the answer's: only the call that never reached a server is written.
    expect(s.backlog().events).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.backlog().events).toBe(2);
    s.begin({ id: 'late', status: 'unknown' });
    s.appendAfterAnswer('late', () => ({ id: 'late', status: 'ok' }));
    s.close();
    expect(await ids(s)).toEqual(['refused', 'sent', 'late']);
  });

  it('says its backlog: the traces waiting, sealed and open, their bytes, and when the oldest of them was written', async () => {
    const { spool: s } = spool();
    expect(s.backlog()).toEqual({ events: 0, bytes: 0, oldestAt: null });
    const first = Date.now();
    for (let i = 0; i < 12; i++) s.append({ id: `e${i}` });
    await sealed(s, 1);
    const bytes = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `${JSON.stringify({ id: `e${from + i}` })}\n`.length).reduce((a, b) => a + b);
    const backlog = s.backlog();
    expect(backlog).toMatchObject({ events: 12, bytes: bytes(0, 12) });
    expect(backlog.oldestAt).toBeGreaterThanOrEqual(first);
    expect(backlog.oldestAt).toBeLessThanOrEqual(Date.now());
    // Once the sealed segment is sent, the oldest waiting is the open one's first trace.
    s.remove(s.ready()[0]!);
    expect(s.backlog()).toMatchObject({ events: 2, bytes: bytes(10, 12) });
    expect(s.backlog().oldestAt).toBeGreaterThanOrEqual(backlog.oldestAt!);
    s.close();
  });

  it('seals by itself sealAfterMs after the first event, and tells the sender', async () => {
    const { spool: s } = spool({ sealAfterMs: 20 });
    let told = 0;
    s.onSealed = () => told++;
    s.append({ id: 'a' });
    expect(s.ready()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(s.ready()).toHaveLength(1);
    expect(told).toBe(1);
    s.close();
  });

  it("takes over a dead process's open segment, and skips a line torn by a crash", async () => {
    const { dir } = spool();
    fs.writeFileSync(path.join(dir, '000000000000001-999999999-000000.open'), '{"id":"x1"}\n{"id":"x2"}\n{"id":"x3');
    const { spool: s, logs } = spool({ dir });
    expect(s.ready()).toEqual(['000000000000001-999999999-000000.ready']);
    expect(await s.read(s.ready()[0]!)).toEqual({ events: [{ id: 'x1' }, { id: 'x2' }], damaged: 1 });
    expect(logs).toEqual([]);
    s.close();
  });

  it('when full, drops the oldest segments, keeps the newest, and counts what it dropped', async () => {
    const line = Buffer.byteLength(`${JSON.stringify({ id: 'e000', pad: 'x'.repeat(100) })}\n`);
    // Room for 8 segments of 10 events each.
    const { spool: s, logs, dir } = spool({ maxBytes: line * 80 });
    for (let i = 0; i < 200; i++) {
      s.append({ id: `e${String(i).padStart(3, '0')}`, pad: 'x'.repeat(100) });
      // Seal as the disk allows: a full spool is one whose segments are sealed.
      if (i % 10 === 9) await sealed(s, s.ready().length + 1);
    }
    s.close();
    const kept = await ids(s);
    expect(kept.length + s.dropped).toBe(200);
    expect(kept.at(-1)).toBe('e199');
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => `e${String(200 - kept.length + i).padStart(3, '0')}`));
    const bytes = s.ready().reduce((sum, seg) => sum + fs.statSync(path.join(dir, seg)).size, 0);
    expect(bytes).toBeLessThanOrEqual(line * 80);
    expect(logs.at(-1)).toContain(`(${s.dropped} since start)`);
    s.close();
  });

  describe('when the disk refuses a write', () => {
    const refuse = (code: string) => Object.assign(new Error(`${code}: refused, write`), { code });
    const realWrite = fs.writeSync;
    /** writeSync as the kernel does it on a disk that fills up mid-line: the first `bytes` of the line, then ENOSPC. */
    function tornWrites(bytes: number) {
      let calls = 0;
      // The spool calls writeSync(fd, text), then writeSync(fd, buffer, offset) for what is left of
      // the line; those two overloads are all this fake needs (a cast, as vi.spyOn types every overload).
      const torn = ((fd: number, data: Buffer | string, offset?: number | null) => {
        if (calls++ > 0) throw refuse('ENOSPC');
        const buffer = typeof data === 'string' ? Buffer.from(data) : data;
        const from = typeof data === 'string' ? 0 : (offset ?? 0);
        return realWrite(fd, buffer, from, Math.min(bytes, buffer.length - from));
      }) as typeof fs.writeSync;
      return vi.spyOn(fs, 'writeSync').mockImplementation(torn);
    }
    const everything = async (s: Spool) => {
      const all = await Promise.all(s.ready().map((seg) => s.read(seg)));
      return { ids: all.flatMap((c) => c!.events.map((e) => e.id)), damaged: all.reduce((n, c) => n + c!.damaged, 0) };
    };

    it('never throws: the trace is lost and counted, said once, and said again when writes work; the next traces are kept whole', async () => {
      const { spool: s, logs } = spool();
      s.append({ id: 'e0' });
      const full = vi.spyOn(fs, 'writeSync').mockImplementation(() => {
        throw refuse('ENOSPC');
      });
      for (let i = 1; i <= 8; i++) expect(() => s.append({ id: `e${i}` })).not.toThrow();
      expect(s.trouble.lost).toBe(8);
      expect(s.trouble.lostCause).toBe('disk full (ENOSPC)');
      expect(logs.filter((l) => l.includes('cannot write traces'))).toEqual([expect.stringContaining('disk full (ENOSPC). Calls go on')]);
      full.mockRestore();
      s.append({ id: 'e9' });
      expect(logs.at(-1)).toMatch(/written to .* again; 8 were lost while it failed \(disk full \(ENOSPC\)\)/);
      s.close();
      expect(await everything(s)).toEqual({ ids: ['e0', 'e9'], damaged: 0 });
      expect(s.trouble.lostCause).toBe('disk full (ENOSPC)');
    });

    it('writes the rest of a line the disk took only part of at first, so the line is whole', async () => {
      const { spool: s } = spool();
      let calls = 0;
      // The first write takes 7 bytes of the line (as a pipe or a signal can cut it short), the next takes the rest.
      const short = ((fd: number, data: Buffer | string, offset?: number | null) => {
        if (calls++ > 0) return realWrite(fd, data as Buffer, offset ?? 0);
        return realWrite(fd, Buffer.from(data as string), 0, 7);
      }) as typeof fs.writeSync;
      vi.spyOn(fs, 'writeSync').mockImplementation(short);
      s.append({ id: 'é0', pad: 'x'.repeat(50) });
      vi.restoreAllMocks();
      s.append({ id: 'e1' });
      s.close();
      expect(calls).toBe(2);
      expect(await everything(s)).toEqual({ ids: ['é0', 'e1'], damaged: 0 });
      expect(s.trouble.lost).toBe(0);
    });

    it('cuts off a line the disk took only part of, so no line is damaged', async () => {
      const { spool: s } = spool();
      s.append({ id: 'e0', pad: 'x'.repeat(50) });
      tornWrites(20);
      s.append({ id: 'e1', pad: 'x'.repeat(50) });
      vi.restoreAllMocks();
      s.append({ id: 'e2', pad: 'x'.repeat(50) });
      s.close();
      expect(await everything(s)).toEqual({ ids: ['e0', 'e2'], damaged: 0 });
      expect(s.trouble.lost).toBe(1);
    });

    it('when the torn line cannot be cut off either, seals that segment as it is: one damaged line, and the next trace in a new segment', async () => {
      const { spool: s } = spool();
      s.append({ id: 'e0' });
      tornWrites(5);
      vi.spyOn(fs, 'ftruncateSync').mockImplementation(() => {
        throw refuse('EIO');
      });
      s.append({ id: 'e1' });
      vi.restoreAllMocks();
      s.append({ id: 'e2' });
      s.close();
      await sealed(s, 2);
      expect(await everything(s)).toEqual({ ids: ['e0', 'e2'], damaged: 1 });
    });

    it('loses the trace when no segment can be opened (too many open files), and opens one for the next trace', async () => {
      const { spool: s, logs } = spool();
      vi.spyOn(fs, 'openSync').mockImplementation(() => {
        throw refuse('EMFILE');
      });
      expect(() => s.append({ id: 'e0' })).not.toThrow();
      expect(logs).toEqual([expect.stringContaining('too many open files (EMFILE)')]);
      vi.restoreAllMocks();
      s.append({ id: 'e1' });
      s.close();
      expect(await everything(s)).toEqual({ ids: ['e1'], damaged: 0 });
      expect(s.trouble.lost).toBe(1);
    });
  });

  it('seals a segment before a line would take it past its size, so a segment is one request’s worth', async () => {
    // maxBytes / 8: segments of 8 KiB.
    const { spool: s, dir } = spool({ maxBytes: 64 * 1024, segmentEvents: 1_000 });
    for (let i = 0; i < 20; i++) s.append({ id: `e${i}`, pad: 'x'.repeat(3_000) });
    s.close();
    await sealed(s, 7);
    for (const segment of s.ready()) expect(fs.statSync(path.join(dir, segment)).size).toBeLessThanOrEqual(8 * 1024);
  });
});
