import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';

/**
 * One run, one set of databases: migrate a template once, let each test file clone it, and
 * drop them all at the end. Databases left by a crashed run older than a day are dropped too.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required for the postgres test project');
  const runPrefix = `favindex_t_${Date.now()}_${process.pid}`;
  const template = `${runPrefix}_tmpl`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await dropStale(admin);
  await admin.unsafe(`create database "${template}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', runPrefix);

  return async () => {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${runPrefix}%`}`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

async function dropStale(admin: postgres.Sql) {
  const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'favindex_t_%'`;
  const dayAgo = Date.now() - 86_400_000;
  for (const { datname } of rows) {
    const started = Number(datname.split('_')[2]);
    if (started && started < dayAgo) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgRunPrefix: string;
  }
}
