import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, type Db, openDatabase } from '@/db/client';
import type { AppContext } from '@/server/app-context';
import { closeAppContext, createAppContext, installAppContext } from '@/server/context';
import { withDatabase } from './postgres-global-setup';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.FAVINDEX_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for this test file, installed as the process database so the
 * route handlers use it: PGlite in memory, from the run's migrated dump, or a clone of the run's
 * PostgreSQL template.
 */
export function setupTestDatabase(): { readonly db: Db; readonly database: Database; readonly app: AppContext; readonly kind: TestDatabaseKind } {
  let database: Database | null = null;
  let app: AppContext | null = null;
  let dropName: string | null = null;
  const kind = testDatabaseKind();

  beforeAll(async () => {
    if (kind === 'postgres') {
      const url = process.env.DATABASE_URL!;
      dropName = `${inject('pgRunPrefix')}_${randomBytes(4).toString('hex')}`;
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`create database "${dropName}" template "${inject('pgTemplate')}"`);
      } finally {
        await admin.end();
      }
      database = await openDatabase({ databaseUrl: withDatabase(url, dropName) });
    } else {
      database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) });
    }
    app = createAppContext(database);
    installAppContext(app);
  });

  afterAll(async () => {
    await closeAppContext();
    if (dropName) {
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database if exists "${dropName}" with (force)`);
      } finally {
        await admin.end();
      }
    }
  });

  return {
    get db() {
      if (!database) throw new Error('the test database is opened in beforeAll');
      return database.db;
    },
    get database() {
      if (!database) throw new Error('the test database is opened in beforeAll');
      return database;
    },
    get app() {
      if (!app) throw new Error('the test database is opened in beforeAll');
      return app;
    },
    kind,
  };
}
