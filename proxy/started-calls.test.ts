import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spool } from './spool';

const dirs: string[] = [];
function spoolIn(dir: string, logs: string[] = []) {
  return new Spool({ dir, maxBytes: 1 << 20, segmentEvents: 1_000, sealAfterMs: 60_000, fsyncMs: 60_000, log: (m) => logs.push(m) });
}
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-started-'));
  dirs.push(dir);
  return dir;
}
/** Every trace the spool holds, sealed or open, in order. */
function spooled(dir: string): Record<string, unknown>[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ready') || name.endsWith('.open'))
    .sort()
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
const journals = (dir: string) => (fs.existsSync(path.join(dir, 'started')) ? fs.readdirSync(path.join(dir, 'started')) : []);
const journalLines = (dir: string) =>
  journals(dir)
    .flatMap((name) => fs.readFileSync(path.join(dir, 'started', name), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
/** The calls the journal holds as under way: started, and no end noted. */
function underWay(dir: string): unknown[] {
  const lines = journalLines(dir);
  const ended = new Set(lines.map((l) => l.ended));
  return lines.filter((l) => l.id !== undefined && !ended.has(l.id)).map((l) => l.id);
}
/** A journal as a proxy (pid 999999999, gone) left it when it was killed. */
function leftByKilledProxy(dir: string, lines: unknown[]): void {
  fs.mkdirSync(path.join(dir, 'started'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'started', '000000000000001-999999999-0.ndjson'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"id":"torn`);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('calls under way, on disk (§events)', () => {
  it('holds a call as started until its trace is appended, which replaces it: the spool then holds the trace once', () => {
    const dir = folder();
    const s = spoolIn(dir);
    s.begin({ id: 'c1', tool: 'echo', status: 'unknown' });
    expect(underWay(dir)).toEqual(['c1']);
    expect(spooled(dir)).toEqual([]);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    s.append({ id: 'c1', tool: 'echo', status: 'ok', durationMs: 3 });
    // The end is noted soon after (or with the next call's start); the spool has the finished trace alone.
    vi.advanceTimersByTime(200);
    vi.useRealTimers();
    expect(underWay(dir)).toEqual([]);
    expect(spooled(dir)).toEqual([{ id: 'c1', tool: 'echo', status: 'ok', durationMs: 3 }]);
    s.close();
    expect(journals(dir)).toEqual([]);
  });

  it("notes the end of each call with the next call's start, whatever else is under way", () => {
    const dir = folder();
    const s = spoolIn(dir);
    s.begin({ id: 'a', status: 'unknown' });
    s.begin({ id: 'b', status: 'unknown' });
    s.append({ id: 'a', status: 'ok' });
    s.begin({ id: 'c', status: 'unknown' });
    expect(journalLines(dir)).toEqual([{ id: 'a', status: 'unknown' }, { id: 'b', status: 'unknown' }, { ended: 'a' }, { id: 'c', status: 'unknown' }]);
    s.append({ id: 'b', status: 'error' });
    s.append({ id: 'c', status: 'ok' });
    // A clean stop with nothing under way leaves no journal.
    s.close();
    expect(journals(dir)).toEqual([]);
  });

  it('sends what a killed proxy had under way once, as started; never a call that ended, nor one whose trace the spool holds', () => {
    const dir = folder();
    // The killed proxy's trace of `appended` reached its open segment, its end not yet noted.
    fs.writeFileSync(path.join(dir, '000000000000001-999999999-000000.open'), '{"id":"appended","status":"ok"}\n');
    leftByKilledProxy(dir, [
      { id: 'ended', status: 'unknown' },
      { id: 'under-way', tool: 'slow', status: 'unknown' },
      { id: 'appended', status: 'unknown' },
      { ended: 'ended' },
    ]);
    const logs: string[] = [];
    const s = spoolIn(dir, logs);
    expect(spooled(dir)).toEqual([
      { id: 'appended', status: 'ok' },
      { id: 'under-way', tool: 'slow', status: 'unknown' },
    ]);
    expect(journals(dir)).toEqual([]);
    expect(logs).toEqual([]);
    s.close();
    // Started again: nothing more.
    spoolIn(dir).close();
    expect(spooled(dir)).toHaveLength(2);
  });

  it("leaves a running proxy's calls under way alone", () => {
    const dir = folder();
    const running = spoolIn(dir);
    running.begin({ id: 'mine', status: 'unknown' });
    // Another proxy on the same folder starts meanwhile.
    spoolIn(dir).close();
    expect(spooled(dir)).toEqual([]);
    running.append({ id: 'mine', status: 'ok' });
    expect(spooled(dir)).toEqual([{ id: 'mine', status: 'ok' }]);
    running.close();
  });
});
