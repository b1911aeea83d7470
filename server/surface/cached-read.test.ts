import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { writeFavourites } from '@/server/favourites/favourites';
import { createToken, revokeProjectToken } from '@/server/tokens/tokens';
import { untilListening } from '@/test/surface-notifications';

const t = setupTestDatabase();

/** Whether `work` settles before the event loop's next turn: a kept answer does, a read does not. */
async function answeredThisTurn(work: () => Promise<unknown>): Promise<boolean> {
  const nextTurn = new Promise<'read'>((resolve) => setImmediate(() => resolve('read')));
  return (await Promise.race([work().then(() => 'kept' as const), nextTurn])) === 'kept';
}

// Issue 20 item 10: at 200 connections each surface poll cost a versions read and a token read,
// each a statement on PGlite's single thread. On PGlite nothing but this process changes the
// database, so an answer is kept until another statement is called; on PostgreSQL until a
// statement of this process or another process's notification (issue 26).
describe('surface polls with nothing changed', () => {
  it('are answered from what was read while nothing changed, and see a change at once', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    const first = await t.app.surfaces.surface(id, undefined);
    // (rendering it was a transaction of its own: the first poll after it reads again)
    await t.app.surfaces.surface(id, undefined);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(true);

    // A write still running when the poll comes: on PGlite the poll waits for it and sees it.
    const writing = writeFavourites(t.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] }, { via: 'api' });
    const during = await t.app.surfaces.surface(id, undefined);
    await writing;
    const after = await t.app.surfaces.surface(id, undefined);
    expect(after.etag).not.toBe(first.etag);
    if (t.kind === 'pglite') expect(during.etag).toBe(after.etag);
  });

  it('check a token from what was read, and refuse it on the first request after it is revoked', async () => {
    const id = await createTestProject([]);
    const created = await createToken(t.app, id, { name: 'poller', scopes: ['surface:read'] });
    expect((await t.app.tokens.lookup(created.token))?.revoked).toBe(false);
    expect(await answeredThisTurn(() => t.app.tokens.lookup(created.token))).toBe(t.kind === 'pglite');
    await revokeProjectToken(t.app, id, created.id);
    expect((await t.app.tokens.lookup(created.token))?.revoked).toBe(true);
  });
});
