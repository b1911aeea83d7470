import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import type { ChangeSignal } from './change-signal';
import { EmbeddedNotifications } from './embedded-notifications';
import { takingTurns } from './pglite-turns';
import { countStatements, SurfaceNotifications } from './surface-notifications';
import * as schema from './schema';
import { PGLITE_SETTINGS } from './pglite-settings';
import { processAlive } from '@/lib/process-alive';
import { errorCode } from '@/lib/thrown';

export type Schema = typeof schema;
/** A drizzle database or transaction on either driver; data-access functions take it first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives, for logs: a data folder or the URL without credentials. */
  location: string;
  close(): Promise<void>;
  /** What may have changed for the surfaces: notifications, heard in process on PGlite, on a listening connection on PostgreSQL. */
  surfaceChanges: ChangeSignal;
  /**
   * PGlite only: what may have changed for a token (the same notifications). On PostgreSQL,
   * where another process may revoke a token, every request reads it (§auth).
   */
  tokenChanges?: ChangeSignal;
  /** Apply the committed SQL migrations in `drizzle/`. */
  migrate(migrationsFolder?: string): Promise<void>;
  /** PostgreSQL: the connections each pool may open (poolSizes). PGlite has no pool: one connection, in this process. */
  pool: { transactions: number; queries: number } | null;
}

export interface DatabaseConfig {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: a data folder saved by PGlite's dumpDataDir to start from (the tests start each file from one migrated dump). */
  loadDataDir?: Blob;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.FAVINDEX_DATA_DIR || './.data' };
}

const DEFAULT_MIGRATIONS = path.join(process.cwd(), 'drizzle');

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir ?? './.data', config.loadDataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const sizes = poolSizes(process.env.FAVINDEX_DB_POOL || '10');
  const open = (max: number): Sql => postgres(url, { max, onnotice: () => {}, connection: { TimeZone: 'UTC', application_name: 'favindex' } });
  const client = open(sizes.queries);
  const transactions = open(sizes.transactions);
  // drizzle adjusts the type parsers of the client it wraps; the transactions' client needs the same.
  drizzle(transactions);
  const surfaceChanges = new SurfaceNotifications(({ onnotify, onclose }) =>
    // postgres.js reads onnotify and onclose (its own listen() cannot report a drop) but does not type them.
    postgres(url, {
      max: 1,
      onnotice: () => {},
      // Widened to object so the untyped hooks pass (see above).
      ...({ onnotify, onclose } as object),
      // A listening connection must stay open: no idle or lifetime limit closes it.
      idle_timeout: undefined,
      max_lifetime: null,
      connection: { application_name: 'favindex-listen' },
    }),
  );
  // Db is the driver-neutral PgDatabase both drivers' databases extend; only execute's result type differs, which queryRows reads either way.
  const db = drizzle(countStatements(beginOn(client, transactions), surfaceChanges), { schema }) as unknown as Db;
  const location = redactUrl(url);
  return {
    db,
    kind: 'postgres',
    location,
    surfaceChanges,
    pool: sizes,
    close: async () => {
      await Promise.all([surfaceChanges.close(), client.end({ timeout: 5 }), transactions.end({ timeout: 5 })]);
    },
    async migrate(folder = DEFAULT_MIGRATIONS) {
      const { migrate } = await import('drizzle-orm/postgres-js/migrator');
      // Several app processes may start at once on one server: migrate one at a time.
      const lockConn = await client.reserve();
      try {
        await lockConn`select pg_advisory_lock(hashtext('favindex.migrations'))`;
        // Sound: db is the postgres-js database this migrator is for, typed above as the driver-neutral Db.
        await migrate(db as never, { migrationsFolder: folder });
      } finally {
        await lockConn`select pg_advisory_unlock(hashtext('favindex.migrations'))`;
        lockConn.release();
      }
    },
  };
}

/**
 * FAVINDEX_DB_POOL connections, split between transactions and every other query (at least
 * one each). Transactions get a pool of their own because postgres.js 3.4.9 reserves a
 * transaction's connection only if its BEGIN was not the query that filled that connection's
 * pipeline: under load (all connections in transactions, a hundred other queries waiting) a BEGIN
 * can land there, fail with UNSAFE_TRANSACTION, and leave the server-side transaction open on a
 * connection that goes back to the pool. Where only BEGINs wait for a connection, a BEGIN is
 * always the first query on an idle one.
 */
export function poolSizes(setting: string): { transactions: number; queries: number } {
  const n = Number(setting);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`FAVINDEX_DB_POOL is '${setting}', not a number of connections; set it to a whole number of at least 1, or unset it for 10`);
  }
  const transactions = Math.max(1, Math.ceil(n / 2));
  return { transactions, queries: Math.max(1, n - transactions) };
}

/** `client` for every query, but transactions (drizzle opens them with sql.begin) on `transactions`. */
function beginOn(client: Sql, transactions: Sql): Sql {
  return new Proxy(client, {
    get: (target, key, receiver) => (key === 'begin' ? transactions.begin : Reflect.get(target, key, receiver)),
  });
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : claimDataDir(dataDir);
  let client: PGlite;
  let changes: EmbeddedNotifications;
  try {
    client = await PGlite.create(inMemory ? dataDir : path.resolve(dataDir), { loadDataDir, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
    await client.exec(`set time zone 'UTC'`);
    changes = await EmbeddedNotifications.listen(client);
  } catch (err) {
    release();
    throw err;
  }
  // Db is the driver-neutral PgDatabase both drivers' databases extend; only execute's result type differs, which queryRows reads either way.
  const db = drizzle(takingTurns(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    surfaceChanges: changes,
    tokenChanges: changes,
    pool: null,
    location: inMemory ? dataDir : path.resolve(dataDir),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    async migrate(folder = DEFAULT_MIGRATIONS) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // Sound: db is the PGlite database this migrator is for, typed above as the driver-neutral Db.
      await migrate(db as never, { migrationsFolder: folder });
    },
  };
}

/**
 * One process may open a PGlite folder, ever: two would corrupt it. A lock file beside the
 * folder names the owner; a lock left by a dead process is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `the data folder ${dir} is in use by process ${owner}; one process may open a PGlite folder. ` +
            `Stop that process, or set FAVINDEX_DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${dir}`);
}
