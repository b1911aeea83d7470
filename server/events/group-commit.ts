/**
 * Group commit (issue #48): jobs for one key are written by one writer at a time, and the jobs
 * that arrive while it writes are written together by its next write, in one transaction. A
 * job alone when nothing is under way is written at once; under load, one write takes every
 * job waiting, so what a job costs falls with how many come together, and concurrent jobs of
 * one key never queue on each other's row locks. Each job's promise settles when the write
 * that holds it has (committed, for a transaction).
 */
export class GroupCommit<Job, Result> {
  private readonly waiting = new Map<string, Queued<Job, Result>[]>();
  private readonly writing = new Set<string>();

  constructor(
    /** Writes the jobs, all or none, and returns one result per job, in order. */
    private readonly write: (key: string, jobs: Job[]) => Promise<Result[]>,
    /** How much of a write a job is (its events), and how much one write takes at most (a job larger than that goes alone). */
    private readonly weightOf: (job: Job) => number,
    private readonly maxWeight: number,
  ) {}

  submit(key: string, job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ job, resolve, reject });
      else this.waiting.set(key, [{ job, resolve, reject }]);
      if (!this.writing.has(key)) void this.drain(key);
    });
  }

  private async drain(key: string): Promise<void> {
    this.writing.add(key);
    try {
      for (;;) {
        const group = this.take(key);
        if (group.length === 0) return;
        await this.writeGroup(key, group);
      }
    } finally {
      this.writing.delete(key);
    }
  }

  /** The oldest waiting jobs, up to maxWeight (at least one). */
  private take(key: string): Queued<Job, Result>[] {
    const queue = this.waiting.get(key);
    if (!queue) return [];
    let weight = 0;
    let count = 0;
    for (const { job } of queue) {
      const next = this.weightOf(job);
      if (count > 0 && weight + next > this.maxWeight) break;
      weight += next;
      count++;
    }
    const group = queue.splice(0, count);
    if (queue.length === 0) this.waiting.delete(key);
    return group;
  }

  /**
   * A failed group is written again job by job: one job's failure (an event the database
   * refuses) is its own, never its neighbours'. A write failed as a whole left nothing behind,
   * so nothing is written twice.
   */
  private async writeGroup(key: string, group: Queued<Job, Result>[]): Promise<void> {
    let results: Result[];
    try {
      results = await this.write(
        key,
        group.map((q) => q.job),
      );
    } catch (err) {
      const [only, ...others] = group;
      if (only && others.length === 0) {
        only.reject(err);
        return;
      }
      for (const queued of group) await this.writeGroup(key, [queued]);
      return;
    }
    for (const [i, queued] of group.entries()) {
      const result = results[i];
      if (result === undefined) queued.reject(new Error(`the write answered ${results.length} of ${group.length} jobs`));
      else queued.resolve(result);
    }
  }
}

interface Queued<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(err: unknown): void;
}
