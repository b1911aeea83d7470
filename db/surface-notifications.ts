import type { Sql } from 'postgres';
import { type ChangeSignal, SURFACE_CHANNEL } from './change-signal';

const RELISTEN_MS = 1_000;

type Connect = (options: { onnotify: () => void; onclose: () => void }) => Sql;

/**
 * What may have changed on PostgreSQL for the surfaces, without a query per poll. Triggers
 * (migration 0023) notify SURFACE_CHANNEL on every change to what a surface is built from, in
 * any process; one connection of this process listens. `generation` moves on each notification,
 * on each of this process's own statements (when it starts and when it ends: a poll after a
 * write here reads again without waiting for the notification), and whenever listening starts
 * or stops. While not listening it is undefined, so every poll reads as it always did; a lost
 * connection is listened on again a second later. It starts listening at its first read.
 */
export class SurfaceNotifications implements ChangeSignal {
  private count = 0;
  private listening = false;
  private started = false;
  private closed = false;
  private listener: Sql | null = null;
  private retry: NodeJS.Timeout | null = null;
  private readonly reads = new Set<string>();

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

  registerRead(sqlText: string): void {
    this.reads.add(sqlText);
  }

  isRead(sqlText: string): boolean {
    return this.reads.has(sqlText);
  }

  /** One of this process's statements started or ended (not a registered read). */
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
 * The client, with each statement (a query, a transaction) noted when it starts and when it
 * settles. drizzle runs queries through `unsafe` and transactions through `begin`.
 */
export function countStatements(client: Sql, notifications: SurfaceNotifications): Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'unsafe' && typeof value === 'function') {
        return (...args: unknown[]) => {
          if (typeof args[0] === 'string' && notifications.isRead(args[0])) return value.apply(target, args);
          notifications.noteStatement();
          return settled(value.apply(target, args), () => notifications.noteStatement());
        };
      }
      if (key === 'begin' && typeof value === 'function') {
        return (...args: unknown[]) => {
          notifications.noteStatement();
          const done = () => notifications.noteStatement();
          // A proxy over the driver: the wrapped method is one of the query methods, which return promises.
          const result = value.apply(target, args) as Promise<unknown>;
          result.then(done, done);
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
