import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { ApiError } from '@/lib/errors';
import { errorCode } from '@/lib/thrown';

/**
 * Where a starting server is, in the order server.ts goes through them; `ready` once it serves
 * every request, `stopping` from SIGTERM on (a load balancer then sends new clients elsewhere).
 */
export type StartPhase = 'opening the database' | 'applying migrations' | 'preparing the pages' | 'warming up' | 'ready' | 'stopping';

/** How long the database may take to answer `select 1` before the server is not ready. */
export const DATABASE_ANSWER_MS = 2_000;

/**
 * What GET /readyz answers from: the phase server.ts is in, and a cheap query to the database
 * when it is ready. Migrations applied and the warm-up done are phases it has passed.
 */
export class Readiness {
  private current: StartPhase = 'opening the database';
  private database: Database | null = null;

  constructor(private readonly answerWithinMs = DATABASE_ANSWER_MS) {}

  get phase(): StartPhase {
    return this.current;
  }

  enter(phase: Exclude<StartPhase, 'ready'>): void {
    this.current = phase;
  }

  /** Migrated, warmed up, and serving from `database` from now on. */
  ready(database: Database): void {
    this.database = database;
    this.current = 'ready';
  }

  /** The database kind when ready; otherwise throws the 503 NOT_READY saying why. */
  async check(): Promise<Database['kind']> {
    const database = this.database;
    if (this.current !== 'ready' || !database) throw notReady(`favindex is ${this.current}`, 'wait: it is starting or stopping');
    const problem = await this.databaseProblem(database);
    if (problem) throw notReady(`the database does not answer: ${problem}`, 'check that the database is up and reachable from favindex');
    return database.kind;
  }

  /** Why the database did not answer `select 1` in time; null when it did. Only an error's code is told: the answer is public. */
  private async databaseProblem(database: Database): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${this.answerWithinMs} ms`), this.answerWithinMs);
    });
    const asked = database.db.execute(sql`select 1`).then(
      () => null,
      // drizzle wraps the driver's error: its cause has the code (ECONNREFUSED, 57P01…).
      (err: unknown) => errorCode(err) ?? errorCode(err instanceof Error ? err.cause : undefined) ?? 'the query failed',
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function notReady(message: string, suggestedAction: string): ApiError {
  return new ApiError('NOT_READY', message, { suggestedAction, citedRule: '§storage', headers: { 'retry-after': '2' } });
}
