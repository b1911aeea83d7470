import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SetAside } from './set-aside';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setAside(maxBytes: number) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-set-aside-'));
  dirs.push(root);
  const dir = path.join(root, 'rejected');
  const logs: string[] = [];
  return { kept: new SetAside({ dir, maxBytes, log: (m) => logs.push(m) }), dir, logs };
}
const lines = (dir: string) =>
  fs
    .readdirSync(dir)
    .sort()
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .map((line) => JSON.parse(line) as { reason: string; event: { id: string } });

describe('SetAside', () => {
  it('keeps the newest refused traces within its size, the oldest files going first, and counts them all', () => {
    const { kept, dir, logs } = setAside(8 * 1024);
    for (let i = 0; i < 200; i++) kept.put({ id: `e${i}`, tool: 'echo', pad: 'x'.repeat(400) }, 'VALIDATION_FAILED', 'status: is a lower-case word');
    const bytes = fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
    expect(bytes).toBeLessThanOrEqual(8 * 1024);
    const ids = lines(dir).map((l) => l.event.id);
    expect(ids.at(-1)).toBe('e199');
    expect(ids.length).toBeGreaterThan(5);
    expect(kept.count).toBe(200);
    expect(logs).toEqual([expect.stringContaining('VALIDATION_FAILED: status: is a lower-case word')]);
  });

  it('counts a trace sent again (its segment was retried) once, and keeps a giant one as the fields that say which call it was', () => {
    const { kept, dir } = setAside(1 << 20);
    kept.put({ id: 'big', tool: 'echo', client: 'claude-code', pad: 'x'.repeat(1 << 20) }, 'TOO_LARGE', 'HTTP 413');
    kept.put({ id: 'big', tool: 'echo' }, 'TOO_LARGE', 'HTTP 413');
    expect(kept.count).toBe(1);
    expect(lines(dir)).toEqual([expect.objectContaining({ reason: 'TOO_LARGE', event: { id: 'big', tool: 'echo', client: 'claude-code' } })]);
  });
});
