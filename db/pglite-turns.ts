import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * PGlite as drizzle uses it, each statement run after the event loop has had a turn. PGlite runs
 * in this thread and settles its queries without one: a transaction, or the statements queued
 * behind it, held the loop from their first statement to their last, so every request that needs
 * no database (a surface poll answered from memory) waited for all of them (issue 48: 304s at a
 * hundredth of a bare server's rate while proxies posted traces). A turn before each statement
 * lets those requests through between statements; the statements run as before.
 */
export function takingTurns(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // Sound: typeof value === 'function' above, and PGlite's statement methods take any arguments.
      if (key === 'query' || key === 'exec' || key === 'sql') return afterTurn(value as (...args: unknown[]) => unknown, target);
      if (key === 'transaction') {
        return (body: (tx: Transaction) => Promise<unknown>) => target.transaction((tx) => body(transactionTakingTurns(tx)));
      }
      // PGlite's methods read private fields: they must run on the instance, not on this proxy.
      return value.bind(target);
    },
  });
}

function transactionTakingTurns(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // Sound: as in takingTurns.
      return key === 'query' || key === 'exec' || key === 'sql' ? afterTurn(value as (...args: unknown[]) => unknown, target) : value.bind(target);
    },
  });
}

function afterTurn(method: (...args: unknown[]) => unknown, self: object) {
  return async (...args: unknown[]) => {
    await nextTurn();
    return method.apply(self, args);
  };
}
