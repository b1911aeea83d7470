import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/db/client';
import { queryRows } from '@/db/sql';
import type { SurfaceNotifications } from '@/db/surface-notifications';
import { writeFavourites } from '@/server/favourites/favourites';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { withDatabase } from '@/test/postgres-global-setup';
import { untilListening } from '@/test/surface-notifications';

const t = setupTestDatabase();

/** Whether `work` settles before the event loop's next turn: a kept answer does, a read does not. */
async function answeredThisTurn(work: () => Promise<unknown>): Promise<boolean> {
  const nextTurn = new Promise<'read'>((resolve) => setImmediate(() => resolve('read')));
  return (await Promise.race([work().then(() => 'kept' as const), nextTurn])) === 'kept';
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Issue 26: on PostgreSQL an unchanged poll is answered from memory, so another server process's
// write must still reach it: by the triggers' notification while listening, by reading otherwise.
describe.runIf(t.kind === 'postgres')('surface polls while another process writes (PostgreSQL)', () => {
  let other: Database;
  const pin = (projectId: string, tools: string[]) => writeFavourites(other.db, projectId, { enabled: true, maxFavourites: 15, tools }, { via: 'api' });
  const etag = async (projectId: string) => (await t.app.surfaces.surface(projectId, undefined)).etag;

  beforeAll(async () => {
    // Another server on the same database: its own connections, its own statements.
    const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
    other = await openDatabase({ databaseUrl: withDatabase(process.env.DATABASE_URL!, row!.name) });
  });
  afterAll(() => other?.close());

  it('sees another process pin a tool once its notification arrives', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    const before = await etag(id);
    await etag(id);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(true);
    await pin(id, ['github/create_issue']);
    await until(async () => (await etag(id)) !== before, 'the pin shows in the surface');
    const names = Object.keys(JSON.parse((await t.app.surfaces.surface(id, undefined)).bytes.toString()).names);
    expect(names.some((n) => n.includes('create_issue'))).toBe(true);
  });

  it('reads on every poll once the listening connection is lost, and listens again', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    const signal = t.database.surfaceChanges as SurfaceNotifications;
    await etag(id);
    const killed = await queryRows<{ ok: boolean }>(
      other.db,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'favindex-listen' and datname = current_database()`,
    );
    expect(killed.length).toBeGreaterThan(0);
    await until(async () => !signal.isListening, 'the drop is noticed');
    // A write no notification tells of: the very next poll must read it.
    const before = await etag(id);
    await pin(id, ['github/create_issue']);
    expect(await etag(id)).not.toBe(before);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(false);
    await untilListening(t.database);
    await etag(id);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(true);
  });
});
