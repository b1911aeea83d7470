import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { setupTestDatabase } from '@/test/database';

const t = setupTestDatabase();

// Issue 48: PGlite settled every statement without giving the event loop a turn, so a request
// that needs no database (a surface poll answered from memory) waited for whole transactions.
describe.runIf(t.kind === 'pglite')('PGlite statements', () => {
  it('let what waits on the event loop run between the statements of a transaction, whose result is unchanged', async () => {
    let settled = false;
    const turns: boolean[] = [];
    const transaction = t.db.transaction(async (tx) => {
      let sum = 0;
      for (let i = 1; i <= 10; i++) sum += (await queryRows<{ n: number }>(tx, sql`select ${i}::int as n`))[0]?.n ?? 0;
      return sum;
    });
    const waiting = () => setImmediate(() => turns.push(settled));
    waiting();
    waiting();
    const sum = await transaction;
    settled = true;
    expect(sum).toBe(55);
    expect(turns).toEqual([false, false]);
  });

  it('let it run between statements outside a transaction too', async () => {
    let settled = false;
    let ranBefore: boolean | null = null;
    const reads = Promise.all(Array.from({ length: 5 }, (_, i) => queryRows<{ n: number }>(t.db, sql`select ${i}::int as n`)));
    setImmediate(() => {
      ranBefore = !settled;
    });
    const rows = await reads;
    settled = true;
    expect(rows.map((r) => r[0]?.n)).toEqual([0, 1, 2, 3, 4]);
    expect(ranBefore).toBe(true);
  });
});
