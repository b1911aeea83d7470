import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A writer that records each write's jobs and finishes a write only when told to. */
function recordingWriter(refuse: (job: number) => boolean = () => false) {
  const writes: number[][] = [];
  const finish: (() => void)[] = [];
  const write = async (_key: string, jobs: number[]) => {
    writes.push(jobs);
    await new Promise<void>((resolve) => finish.push(resolve));
    if (jobs.some(refuse)) throw new Error(`refused ${jobs.filter(refuse).join(',')}`);
    return jobs.map((job) => job * 10);
  };
  /** Let every write under way finish, until none is left. */
  const settle = async () => {
    for (let turn = 0; turn < 50; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const done of finish.splice(0)) done();
    }
  };
  return { writes, write, settle };
}

describe('GroupCommit', () => {
  it('writes a lone job at once, and the jobs that come meanwhile together in the next write, each answered with its own result', async () => {
    const w = recordingWriter();
    const groups = new GroupCommit<number, number>(w.write, () => 1, 100);
    const first = groups.submit('p', 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(w.writes).toEqual([[1]]);
    const later = [groups.submit('p', 2), groups.submit('p', 3), groups.submit('p', 4)];
    await w.settle();
    expect(w.writes).toEqual([[1], [2, 3, 4]]);
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
  });

  it('takes no more than maxWeight into one write, and a job heavier than that alone', async () => {
    const w = recordingWriter();
    const groups = new GroupCommit<number, number>(w.write, (job) => job, 10);
    const answers = [0, 4, 4, 4, 30, 1].map((job) => groups.submit('p', job));
    await w.settle();
    expect(w.writes).toEqual([[0], [4, 4], [4], [30], [1]]);
    expect(await Promise.all(answers)).toEqual([0, 40, 40, 40, 300, 10]);
  });

  it('writes a failed group again job by job: only the job the write refuses fails, the others are answered', async () => {
    const w = recordingWriter((job) => job === 3);
    const groups = new GroupCommit<number, number>(w.write, () => 1, 100);
    const first = groups.submit('p', 1);
    await new Promise((resolve) => setImmediate(resolve));
    const together = [2, 3, 4].map((job) => groups.submit('p', job).catch((err: Error) => err.message));
    await w.settle();
    expect(await first).toBe(10);
    expect(await Promise.all(together)).toEqual([20, 'refused 3', 40]);
    expect(w.writes).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("writes each key apart: one key's write under way does not hold another's", async () => {
    const w = recordingWriter();
    const groups = new GroupCommit<number, number>(w.write, () => 1, 100);
    const a = groups.submit('a', 1);
    const b = groups.submit('b', 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(w.writes).toEqual([[1], [2]]);
    await w.settle();
    expect([await a, await b]).toEqual([10, 20]);
  });
});
