import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, openDatabase } from '@/db/client';
import { queryRows } from '@/db/sql';
import { testDatabaseKind } from './database';
import { withDatabase } from './postgres-global-setup';

const DRIZZLE = path.join(import.meta.dirname, '..', 'drizzle');

/**
 * A copy of the migrations folder as it was before `tag` (in a new temporary folder the caller
 * removes), to build a database as an older favindex left it and then migrate it on.
 */
export function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index <= 0) throw new Error(`no migration ${tag} after the first in drizzle/meta/_journal.json`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag: earlier } of journal.entries) fs.copyFileSync(path.join(DRIZZLE, `${earlier}.sql`), path.join(dir, `${earlier}.sql`));
  return dir;
}

/**
 * A fresh database of the run's kind (PGlite in memory, or an empty PostgreSQL database)
 * migrated up to just before `tag`, for `run` to fill as an older favindex left it and then
 * migrate on; closed, dropped, and its migrations copy removed, afterwards.
 */
export async function withDatabaseBefore(tag: string, run: (database: Database) => Promise<void>): Promise<void> {
  const old = migrationsBefore(tag);
  const empty = await emptyDatabase();
  const database = await openDatabase(empty.config);
  try {
    await database.migrate(old);
    await run(database);
  } finally {
    await database.close();
    await empty.drop();
    fs.rmSync(old, { recursive: true, force: true });
  }
}

async function emptyDatabase(): Promise<{ config: Parameters<typeof openDatabase>[0]; drop: () => Promise<void> }> {
  if (testDatabaseKind() === 'pglite') return { config: { dataDir: 'memory://' }, drop: async () => {} };
  const url = process.env.DATABASE_URL!;
  const name = `${inject('pgRunPrefix')}_m${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  return {
    config: { databaseUrl: withDatabase(url, name) },
    drop: async () => {
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Projects made before `tag` with these surfaces (by project id): their surfaces once every migration from `tag` on has run. */
export async function surfacesMigratedFrom(tag: string, surfaces: Record<string, object>): Promise<Record<string, Record<string, unknown>>> {
  let migrated: Record<string, Record<string, unknown>> = {};
  await withDatabaseBefore(tag, async (database) => {
    for (const [id, surface] of Object.entries(surfaces)) {
      await queryRows(database.db, sql`insert into projects (id, surface) values (${id}, ${JSON.stringify(surface)}::jsonb)`);
    }
    await database.migrate();
    const rows = await queryRows<{ id: string; surface: Record<string, unknown> }>(database.db, sql`select id, surface from projects order by id`);
    migrated = Object.fromEntries(rows.map((r) => [r.id, r.surface]));
  });
  return migrated;
}
