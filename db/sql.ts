import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { fieldOf, isRecord } from '@/lib/records';

/** Run raw SQL and get its rows, whichever driver is underneath (they shape results apart). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const dialect = new PgDialect();

/**
 * queryRows as a prepared statement, for the few run for every request or group of them
 * (ingest's): PostgreSQL parses and plans it once per connection, not every time (1-2 ms for
 * ingest's statement), and each run is one round trip, where postgres.js first asks for the
 * types of an unprepared statement's parameters. The same on PGlite, which prepares nothing.
 */
export async function queryPreparedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute());
}

function rowsOf<T>(result: unknown): T[] {
  const rows = Array.isArray(result) ? result : fieldOf(result, 'rows');
  // Sound as far as the query is: T names the columns its SQL selects, which no driver checks.
  return (rows ?? []) as T[];
}

/** The first row a query returns, or null when it returns none (a lookup by key). */
export async function firstOrNull<T>(rows: PromiseLike<T[]>): Promise<T | null> {
  const [row] = await rows;
  return row ?? null;
}

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

/** Serialization failures and deadlocks are safe to retry: the transaction left nothing behind. */
export async function withTransactionRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE_PG_CODES.has(code) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; isRecord(e) && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause;
  }
  return undefined;
}
