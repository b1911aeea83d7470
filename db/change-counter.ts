import type { PGlite } from '@electric-sql/pglite';
import type { ChangeSignal } from './change-signal';

/**
 * What may have changed in an embedded database since a value was read from it. PGlite runs
 * in this process, one statement at a time in the order they were called, and no other process
 * opens its folder; so a value read from it stays current until another statement is called.
 * `generation` counts the calls made on the client, except statements registered as reads
 * (the hot path's lookups, which change nothing). PostgreSQL has no counter: other processes
 * may write to it.
 */
export class ChangeCounter implements ChangeSignal {
  private calls = 0;
  private readonly reads = new Set<string>();

  get generation(): number {
    return this.calls;
  }

  /** A statement, by its exact SQL text, that only reads: calling it changes nothing. */
  registerRead(sqlText: string): void {
    this.reads.add(sqlText);
  }

  noteCall(sqlText: unknown): void {
    if (typeof sqlText !== 'string' || !this.reads.has(sqlText)) this.calls++;
  }
}

/** The client, with every method call (a query, a transaction, anything else) counted first. */
export function countCalls(client: PGlite, counter: ChangeCounter): PGlite {
  return new Proxy(client, {
    get(target, key) {
      // PGlite keeps private fields: its methods must run on the client itself, not on the proxy.
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counter.noteCall(args[0]);
        return value.apply(target, args);
      };
    },
  });
}
