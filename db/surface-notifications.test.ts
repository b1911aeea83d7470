import type { Sql } from 'postgres';
import { describe, expect, it } from 'vitest';
import { countStatements, SurfaceNotifications } from './surface-notifications';

/**
 * A stand-in for postgres.js, as drizzle uses it: `unsafe` gives a lazy query (run when awaited,
 * `values()` chained on it first), `begin` and `savepoint` run a callback with a client of their
 * own and settle once it has (the commit).
 */
function fakeClient(): Sql {
  const query = () => {
    const q: Promise<unknown[]> & { values(): unknown } = Object.assign(Promise.resolve([]), { values: () => q });
    return q;
  };
  const client: Record<string, unknown> = {
    unsafe: query,
    begin: async (fn: (tx: Sql) => Promise<unknown>) => fn(client as unknown as Sql),
    savepoint: async (fn: (tx: Sql) => Promise<unknown>) => fn(client as unknown as Sql),
  };
  return Object.assign(() => query(), client) as unknown as Sql;
}

async function listening(): Promise<SurfaceNotifications> {
  const signal = new SurfaceNotifications(() => ({ unsafe: async () => [], end: async () => {} }) as unknown as Sql);
  void signal.generation;
  for (let i = 0; i < 10 && !signal.isListening; i++) await Promise.resolve();
  expect(signal.isListening).toBe(true);
  return signal;
}

describe("this process's statements and the surfaces' generation (PostgreSQL)", () => {
  it('moves for a write to a surface table, when it starts and once it has run, and not for traces or reads', async () => {
    const signal = await listening();
    const client = countStatements(fakeClient(), signal);
    const start = signal.generation!;
    await client.unsafe('insert into "events" ("project_id") values ($1)', ['p']).values();
    await client.unsafe('insert into "usage_daily_tools" ("a") values ($1) on conflict ("a") do update set "n" = "usage_daily_tools"."n" + 1');
    await client.unsafe('select "catalog_version" from "projects" where "id" = $1');
    expect(signal.generation).toBe(start);

    const write = client.unsafe('update "favourite_indexes" set "version" = $1', [2]);
    expect(signal.generation).toBe(start + 1);
    await write;
    expect(signal.generation).toBe(start + 2);
  });

  it('reads a bulk write as any other, each time (its text is not kept)', async () => {
    const signal = await listening();
    const client = countStatements(fakeClient(), signal);
    const rows = (columns: number) =>
      Array.from({ length: 500 }, (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`).join(', ');
    const start = signal.generation!;
    for (let i = 0; i < 2; i++) await client.unsafe(`insert into "events" ("a", "b") values ${rows(2)}`);
    expect(signal.generation).toBe(start);
    for (let i = 0; i < 2; i++) await client.unsafe(`insert into "favourite_indexes" ("a", "b") values ${rows(2)}`);
    expect(signal.generation).toBe(start + 4);
  });

  it('moves for a statement it cannot read, and for one whose text it does not see', async () => {
    const signal = await listening();
    const client = countStatements(fakeClient(), signal);
    const start = signal.generation!;
    await client.unsafe('do $$ begin perform 1; end $$');
    expect(signal.generation).toBe(start + 2);
    await client`select 1`;
    expect(signal.generation).toBe(start + 4);
  });

  it('moves once more when a transaction that wrote a surface table has committed, not for one that stored traces', async () => {
    const signal = await listening();
    const client = countStatements(fakeClient(), signal);
    const start = signal.generation!;
    await client.begin(async (tx) => {
      await tx.unsafe('insert into "events" ("project_id") values ($1)', ['p']);
      await tx.savepoint(async (inner) => inner.unsafe('delete from "project_proxies" where "id" = $1', ['x']));
    });
    expect(signal.generation).toBe(start);

    let inTransaction = 0;
    await client.begin(async (tx) => {
      await tx.savepoint(async (inner) => inner.unsafe('update "projects" set "policy" = $1', ['{}']));
      inTransaction = signal.generation!;
      await tx.unsafe('insert into "events" ("project_id") values ($1)', ['p']);
    });
    expect(inTransaction).toBe(start + 1);
    expect(signal.generation).toBe(start + 2);
  });
});
