import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/test/database';
import { poolSizes } from './client';
import { queryRows } from './sql';

const t = setupTestDatabase();
const POOL = 10;

describe('the PostgreSQL pool', () => {
  it('splits FAVINDEX_DB_POOL between transactions and other queries, and refuses a setting that is no count', () => {
    expect(poolSizes('10')).toEqual({ transactions: 5, queries: 5 });
    expect(poolSizes('3')).toEqual({ transactions: 2, queries: 1 });
    expect(poolSizes('1')).toEqual({ transactions: 1, queries: 1 });
    expect(() => poolSizes('ten')).toThrow(/FAVINDEX_DB_POOL is 'ten', not a number of connections; set it to a whole number/);
    expect(() => poolSizes('0')).toThrow(/at least 1/);
  });

  // Issue 20 item 9: ingest answered 500 UNSAFE_TRANSACTION under 200 connections. postgres.js
  // reserves a transaction's connection only when its BEGIN did not fill that connection's
  // pipeline (100 queries); here every connection is inside a transaction while a hundred or so
  // short queries and then a BEGIN wait, so as connections free the BEGIN meets that boundary.
  it.runIf(t.kind === 'postgres')('starts every transaction while all connections are busy and other queries queue', async () => {
    const failures: string[] = [];
    for (let waiting = 95; waiting <= 106; waiting++) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      let allStarted = () => {};
      const busy = new Promise<void>((resolve) => (allStarted = resolve));
      // As many transactions as the process has connections: whichever pool they use, it is full.
      const holders = Array.from({ length: poolSizes(String(POOL)).transactions }, () =>
        t.db.transaction(async (tx) => {
          await queryRows(tx, sql`select 1`);
          if (++started === Math.min(POOL, poolSizes(String(POOL)).transactions)) allStarted();
          await gate;
        }),
      );
      await busy;
      const queued = Array.from({ length: waiting }, () => queryRows(t.db, sql`select 1`));
      // Let them reach the pool's queue first (drizzle takes a few promise turns to send a query).
      await new Promise((resolve) => setImmediate(resolve));
      const probe = t.db.transaction((tx) => queryRows<{ ok: number }>(tx, sql`select 1 as ok`));
      release();
      const [outcome] = await Promise.allSettled([probe, Promise.all(holders), Promise.all(queued)]);
      if (outcome.status === 'rejected') failures.push(`${waiting} waiting: ${(outcome.reason as Error).message}`);
      // Nor may a connection be left inside a transaction nobody will end: later writes on it would never commit.
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
      );
      if (left?.n) failures.push(`${waiting} waiting: ${left.n} connection(s) left idle in transaction`);
    }
    expect(failures).toEqual([]);
  });
});
