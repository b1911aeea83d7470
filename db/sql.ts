import type { SQL } from 'drizzle-orm';
import type { Db } from './client';
import { fieldOf, isRecord } from '@/lib/records';

/** Run raw SQL and get its rows, whichever driver is underneath (they shape results apart). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
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
