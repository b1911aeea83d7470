import type { Sql } from 'postgres';
import { BoundedMap } from '@/lib/bounded-map';
import { type ChangeSignal, SURFACE_CHANNEL, SURFACE_TABLES } from './change-signal';
import { tablesWritten } from './statement-writes';

const RELISTEN_MS = 1_000;
/** The longest statement text whose reading is kept (drizzle's repeated statements are shorter). */
const KEPT_TEXT_CHARS = 4_096;

type Connect = (options: { onnotify: () => void; onclose: () => void }) => Sql;

/**
 * What may have changed on PostgreSQL for the surfaces, without a query per poll. Triggers
 * (migrations 0023 and 0025) notify SURFACE_CHANNEL on every change to what a surface is built
 * from, in any process; one connection of this process listens. `generation` moves on each
 * notification, on each of this process's own statements that may write a surface's tables (when
 * it starts and when it ends, or its transaction does: a poll after a write here reads again
 * without waiting for the notification; see countStatements), and whenever listening starts or
 * stops. Traces, rollups and proxy reports move nothing, so polls are answered from memory while
 * they are stored. While not listening it is undefined, so every poll reads as it always did; a
 * lost connection is listened on again a second later. It starts listening at its first read.
 */
export class SurfaceNotifications implements ChangeSignal {
  private count = 0;
  private listening = false;
  private started = false;
  private closed = false;
  private listener: Sql | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** Whether a statement, by its exact SQL text, may write a surface's tables (drizzle's texts repeat). */
  private readonly writesSurface = new BoundedMap<string, boolean>(2_000);

  constructor(
    private readonly connect: Connect,
    private readonly log: (message: string) => void = (m) => console.error(`[favindex] ${m}`),
  ) {}

  get generation(): number | undefined {
    if (!this.started) {
      this.started = true;
      void this.listen();
    }
    return this.listening ? this.count : undefined;
  }

  /** Whether a notification can reach this process now (for tests and logs). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Whether a statement may write a table a surface is read from: it does, or what it writes cannot be told. */
  mayWriteSurface(sqlText: unknown): boolean {
    if (typeof sqlText !== 'string') return true;
    let writes = this.writesSurface.get(sqlText);
    if (writes === undefined) {
      const tables = tablesWritten(sqlText);
      writes = tables === null || [...tables].some((t) => SURFACE_TABLES.has(t));
      // A long text is a bulk write, its rows' placeholders in it: read each time, never kept.
      if (sqlText.length <= KEPT_TEXT_CHARS) this.writesSurface.set(sqlText, writes);
    }
    return writes;
  }

  /** One of this process's statements that may write a surface's tables started or ended. */
  noteStatement(): void {
    this.count++;
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    let client: Sql | null = null;
    client = this.connect({ onnotify: () => this.count++, onclose: () => this.dropped(client) });
    try {
      await client.unsafe(`listen ${SURFACE_CHANNEL}`);
      if (this.closed) return void client.end({ timeout: 1 });
      this.listener = client;
      // Anything may have changed while nobody listened.
      this.count++;
      this.listening = true;
    } catch (err) {
      this.log(`surface notifications: cannot listen (${err instanceof Error ? err.message : err}); polls read the database meanwhile`);
      this.dropped(client);
    }
  }

  private dropped(client: Sql | null): void {
    if (client !== null && this.listener !== null && client !== this.listener) return;
    const was = this.listening;
    this.listening = false;
    this.listener = null;
    this.count++;
    void client?.end({ timeout: 1 }).catch(() => {});
    if (this.closed || this.retry) return;
    if (was) this.log('surface notifications: the listening connection closed; polls read the database until it is back');
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, RELISTEN_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    await listener?.end({ timeout: 1 }).catch(() => {});
  }
}

/**
 * The client, with each statement that may write a surface's tables (SURFACE_TABLES, or one whose
 * writes cannot be told) noted when it starts and when it settles; in a transaction, when it
 * starts and when the transaction has committed or rolled back (until then no other connection
 * sees it). Every other statement passes untouched. drizzle runs queries through `unsafe`,
 * transactions through `begin` and savepoints through `savepoint`, each with a client of its own;
 * a statement the text of which is not seen here (a tagged template) counts as a write.
 */
export function countStatements(client: Sql, notifications: SurfaceNotifications): Sql {
  return watched(client, notifications, null);
}

/** A transaction of this process: whether a statement in it may have written a surface's tables. */
interface Transaction {
  wrote: boolean;
}

function watched(client: Sql, notifications: SurfaceNotifications, transaction: Transaction | null): Sql {
  const noted = <T>(run: () => T): T => {
    notifications.noteStatement();
    if (transaction) {
      transaction.wrote = true;
      return run();
    }
    const query = run();
    // A query is an object (a lazy thenable); a helper such as sql('name') is not run by itself.
    return typeof query === 'object' && query !== null && 'then' in query ? settled(query, () => notifications.noteStatement()) : query;
  };
  return new Proxy(client, {
    apply: (target, thisArg, args) => noted(() => Reflect.apply(target, thisArg, args)),
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'unsafe') {
        return (...args: unknown[]) => (notifications.mayWriteSurface(args[0]) ? noted(() => value.apply(target, args)) : value.apply(target, args));
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const inner: Transaction = transaction ?? { wrote: false };
          // The callback is the last argument (after the options or the savepoint's name).
          const body = args.at(-1);
          if (typeof body === 'function') args[args.length - 1] = (tx: Sql) => body(watched(tx, notifications, inner));
          // A proxy over the driver: begin and savepoint return promises.
          const result = value.apply(target, args) as Promise<unknown>;
          if (transaction === null) {
            const done = () => {
              if (inner.wrote) notifications.noteStatement();
            };
            result.then(done, done);
          }
          return result;
        };
      }
      return value;
    },
  });
}

/**
 * A postgres.js query that calls `onSettle` once it has run. The query is lazy (it runs when
 * awaited) and drizzle chains `.values()` on it first, so it is wrapped, not awaited here.
 */
function settled<T extends object>(query: T, onSettle: () => void): T {
  const wrapped: T = new Proxy(query, {
    get(target, key) {
      // Reflect.get gives any; unknown makes the checks below necessary.
      const value = Reflect.get(target, key, target) as unknown;
      if (key === 'then' && typeof value === 'function') {
        return (resolve?: (v: unknown) => unknown, reject?: (e: unknown) => unknown) =>
          // Sound: the key is then and the target a query, which is thenable.
          (value as Promise<unknown>['then'])
            .call(
              target,
              (v: unknown) => {
                onSettle();
                return v;
              },
              (e: unknown) => {
                onSettle();
                throw e;
              },
            )
            .then(resolve, reject);
      }
      if (typeof value !== 'function') return value;
      // Chained modifiers (`values()`, `raw()`…) return the query itself: keep the wrapper.
      return (...args: unknown[]) => {
        // Sound: typeof value === function was checked above.
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out === target ? wrapped : out;
      };
    },
  });
  return wrapped;
}
