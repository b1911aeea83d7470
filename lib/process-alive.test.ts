import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processAlive } from './process-alive';

describe('processAlive', () => {
  it('says yes for this process and no for one that has ended or a pid that cannot be one', () => {
    expect(processAlive(process.pid)).toBe(true);
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    expect(ended).toBeGreaterThan(0);
    expect(processAlive(ended ?? 0)).toBe(false);
    for (const pid of [0, -1, Number.NaN, 2 ** 60]) expect(processAlive(pid)).toBe(false);
  });
});
