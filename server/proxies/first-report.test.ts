import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lockProjectForIngest } from '@/db/queries/ingest';
import { queryRows } from '@/db/sql';
import { MAX_PROXIES_PER_TOKEN } from '@/lib/limits';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';
import { reportProxy } from './proxies';

const t = setupTestDatabase();
const report = proxyReport([{ name: 'github', tools: 3 }]);

/** Fails as soon as a statement of this database waits for a lock on the projects table. */
async function failOnProjectLockWait(done: Promise<unknown>): Promise<void> {
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const waiting = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where not l.granted and c.relname = 'projects' and l.database = (select oid from pg_database where datname = current_database())`,
    );
    if ((waiting[0]?.n ?? 0) > 0) throw new Error('a first report waits for the project row that ingest holds');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('first proxy reports', () => {
  // Issue 48: a new fleet's first reports took the project row for update, so each waited for
  // the ingest under way and every later ingest waited for it: traces stopped while they came.
  it.runIf(t.kind === 'postgres')('go on while ingest holds its share of the project row (PostgreSQL)', async () => {
    const id = await createTestProject(['github']);
    await t.db.transaction(async (tx) => {
      expect(await lockProjectForIngest(tx, id)).not.toBeNull();
      const first = Promise.all(Array.from({ length: 5 }, (_, i) => reportProxy(t.db, id, `first-report-${i}`, report, null)));
      await Promise.race([first, failOnProjectLockWait(first)]);
      expect((await first).map((view) => view.connected)).toEqual([true, true, true, true, true]);
    });
  });

  it('still keep to the limit of proxies per token when they come at once', async () => {
    const id = await createTestProject(['github']);
    const answers = await Promise.allSettled(
      Array.from({ length: MAX_PROXIES_PER_TOKEN + 5 }, (_, i) => reportProxy(t.db, id, `limit-proxy-${String(i).padStart(3, '0')}`, report, null)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(MAX_PROXIES_PER_TOKEN);
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [(a.reason as { code?: string }).code] : []));
    expect(refused).toEqual(Array(5).fill('PROXY_LIMIT_REACHED'));
  });
});
