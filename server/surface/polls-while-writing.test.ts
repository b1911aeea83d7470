import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SURFACE_TABLES } from '@/db/change-signal';
import { queryRows } from '@/db/sql';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { writeFavourites } from '@/server/favourites/favourites';
import { savePolicy } from '@/server/policy/policy';
import { updateProject } from '@/server/projects/projects';
import { api, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';
import { untilListening } from '@/test/surface-notifications';

const t = setupTestDatabase();

/** Whether `work` settles before the event loop's next turn: a kept answer does, a read does not. */
async function answeredThisTurn(work: () => Promise<unknown>): Promise<boolean> {
  const nextTurn = new Promise<'read'>((resolve) => setImmediate(() => resolve('read')));
  return (await Promise.race([work().then(() => 'kept' as const), nextTurn])) === 'kept';
}

/** A project whose surface has been read, so the next poll is answered from memory. */
async function polledProject(): Promise<{ id: string; etag: string }> {
  const id = await createTestProject(['github', 'filesystem']);
  await untilListening(t.database);
  await t.app.surfaces.surface(id, undefined);
  const { etag } = await t.app.surfaces.surface(id, undefined);
  expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(true);
  return { id, etag };
}

// Issue 48: on PostgreSQL every statement of the process moved the change signal, so while a
// fleet of proxies posted traces each poll read the database again. Only what a surface is
// read from moves it now; traces and proxy reports are written elsewhere.
describe('a surface poll while this process stores traces', () => {
  it('is answered from memory after a trace post and a proxy report, with a 304', async () => {
    const { id, etag } = await polledProject();
    const posted = await api.post(`/api/projects/${id}/events`, {
      body: ndjson([event('t-1', 'github/create_issue'), event('t-2', 'all/filesystem/read_file'), event('t-3', 'no_such_tool')]),
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(posted.body).toMatchObject({ accepted: 3 });
    const reported = await api.put(`/api/projects/${id}/proxies/fleet-proxy-1`, { json: proxyReport([{ name: 'github', tools: 3 }]) });
    expect(reported.status).toBe(200);

    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(true);
    const polled = await api.get(`/api/projects/${id}/surface`, { headers: { 'if-none-match': etag } });
    expect(polled.status).toBe(304);
  });
});

// The notification of a write reaches PostgreSQL's listener a moment after the write returns;
// a poll in that moment must not be answered from what was there before.
describe('a surface poll right after this process changes what it is built from', () => {
  const changes: [string, (id: string) => Promise<unknown>][] = [
    ['a pin', (id) => writeFavourites(t.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] }, { via: 'api' })],
    ['the surface settings', (id) => updateProject(t.db, id, { surface: { ...defaultSurfaceConfig(), mode: 'eager' } })],
    ['the tool policy', (id) => savePolicy(t.db, id, { default: 'allow', rules: [{ effect: 'deny', tools: ['github/*'] }] }, { dryRun: false, via: 'api' })],
    ['a catalog upload', (id) => putServerCatalog(t.db, id, 'memory', DEMO_SERVERS.find((s) => s.server === 'memory')!.tools)],
  ];

  it.each(changes)('sees %s', async (_, change) => {
    const { id, etag } = await polledProject();
    await change(id);
    expect((await t.app.surfaces.surface(id, undefined)).etag).not.toBe(etag);
  });
});

describe('the tables a surface is read from', () => {
  it('are the tables whose triggers tell the listeners, and no function but that trigger writes', async () => {
    const triggers = await queryRows<{ table: string }>(
      t.db,
      sql`select distinct event_object_table as table from information_schema.triggers
          where action_statement like '%favindex_notify_surface%' order by 1`,
    );
    expect(triggers.map((r) => r.table)).toEqual([...SURFACE_TABLES].sort());
    // A read is taken to write nothing (db/statement-writes.ts): that holds while the schema
    // defines no function a select could call to write.
    const functions = await queryRows<{ name: string }>(
      t.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
    );
    expect(functions.map((r) => r.name)).toEqual(['favindex_notify_surface']);
  });
});
