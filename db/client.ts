import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** A drizzle database or transaction on either driver; data-access functions take it first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives, for logs: a data folder or the URL without credentials. */
  location: string;
  close(): Promise<void>;
  /** Apply the committed SQL migrations in `drizzle/`. */
  migrate(migrationsFolder?: string): Promise<void>;
}

export interface DatabaseConfig {
  databaseUrl?: string;
  dataDir?: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.FAVINDEX_DATA_DIR || './.data' };
}

const DEFAULT_MIGRATIONS = path.join(process.cwd(), 'drizzle');

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir ?? './.data');
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client: Sql = postgres(url, {
    max: Number(process.env.FAVINDEX_DB_POOL ?? 10),
    onnotice: () => {},
    connection: { TimeZone: 'UTC', application_name: 'favindex' },
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  const location = redactUrl(url);
  return {
    db,
    kind: 'postgres',
    location,
    close: () => client.end({ timeout: 5 }),
    async migrate(folder = DEFAULT_MIGRATIONS) {
      const { migrate } = await import('drizzle-orm/postgres-js/migrator');
      // Several app processes may start at once on one server: migrate one at a time.
      const lockConn = await client.reserve();
      try {
        await lockConn`select pg_advisory_lock(hashtext('favindex.migrations'))`;
        await migrate(db as never, { migrationsFolder: folder });
      } finally {
        await lockConn`select pg_advisory_unlock(hashtext('favindex.migrations'))`;
        lockConn.release();
      }
    },
  };
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

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : claimDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? dataDir : path.resolve(dataDir));
    await client.exec(`set time zone 'UTC'`);
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
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
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
