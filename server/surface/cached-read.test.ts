import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';
import { isReject, validateEvent } from '@/lib/events/validate-event';
import { ingestEvents } from '@/server/events/ingest';
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
// each a statement on PGlite's single thread. An answer is kept until a trigger says what a
// poll reads changed (on PGlite heard in process, issue 45); on PostgreSQL also until a
// statement of this process that may write what a poll reads (issues 26 and 48).
describe('surface polls with nothing changed', () => {
  it('are answered from what was read while nothing changed, and see a change at once', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    const first = await t.app.surfaces.surface(id, undefined);
    // (on PostgreSQL rendering it was a transaction of its own: the first poll after it reads again)
    await t.app.surfaces.surface(id, undefined);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined))).toBe(true);

    // A write still running when the poll comes: on PGlite the poll does not wait for it (its
    // transaction holds the one connection) and answers what was there before it.
    const writing = writeFavourites(t.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] }, { via: 'api' });
    const during = t.app.surfaces.surface(id, undefined);
    if (t.kind === 'pglite') expect(await answeredThisTurn(() => during)).toBe(true);
    await writing;
    const after = await t.app.surfaces.surface(id, undefined);
    expect(after.etag).not.toBe(first.etag);
    if (t.kind === 'pglite') expect((await during).etag).toBe(first.etag);
  });

  it('check a token from what was read, and refuse it on the first request after it is revoked', async () => {
    const id = await createTestProject([]);
    const created = await createToken(t.app, id, { name: 'poller', scopes: ['surface:read'] });
    expect((await t.app.tokens.lookup(created.token))?.revoked).toBe(false);
    expect(await answeredThisTurn(() => t.app.tokens.lookup(created.token))).toBe(t.kind === 'pglite');
    await revokeProjectToken(t.app, id, created.id);
    expect((await t.app.tokens.lookup(created.token))?.revoked).toBe(true);
  });

  // Issue 45: on PGlite every statement moved the signal, so while another project stored a
  // burst of events each poll read again, and waited behind that transaction.
  it.runIf(t.kind === 'pglite')('keep both answers while another project stores events, which change no surface', async () => {
    const id = await createTestProject(['github']);
    const busy = await createTestProject(['github']);
    const created = await createToken(t.app, id, { name: 'poller', scopes: ['surface:read'] });
    const first = await t.app.surfaces.surface(id, undefined, created);
    await t.app.tokens.lookup(created.token);
    const events = Array.from({ length: 50 }, (_, i) => validateEvent(i, event(`kept-${i}`, 'github/create_issue'), Date.now())).flatMap((e) =>
      isReject(e) ? [] : [e],
    );
    const storing = ingestEvents(t.app, busy, events);
    expect(await answeredThisTurn(() => t.app.tokens.lookup(created.token))).toBe(true);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined, created))).toBe(true);
    expect((await storing).accepted).toBe(50);
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined, created))).toBe(true);
    expect((await t.app.surfaces.surface(id, undefined, created)).etag).toBe(first.etag);
  });

  // Issue 45: on PostgreSQL every poll with a token read the token (a statement of this process)
  // and so read its surface's versions again: two queries a poll where one does.
  it('keep the surface while its poll reads the token', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    const created = await createToken(t.app, id, { name: 'poller', scopes: ['surface:read'] });
    await t.app.surfaces.surface(id, undefined, created);
    await t.app.surfaces.surface(id, undefined, created);
    expect((await t.app.tokens.lookup(created.token))?.name).toBe('poller');
    expect(await answeredThisTurn(() => t.app.surfaces.surface(id, undefined, created))).toBe(true);
  });
});
