import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '@/server/app-context';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { routePaths, warmUp } from './warm-up';

const t = setupTestDatabase();
const appRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-warm-up-'));
fs.mkdirSync(path.join(appRoot, '.next', 'server'), { recursive: true });
const ROUTES = ['/_not-found/page', '/page', '/api/[...path]/route', '/api/projects/[id]/usage/route', '/projects/[id]/tokens/[tokenId]/route'];
fs.writeFileSync(path.join(appRoot, '.next', 'server', 'app-paths-manifest.json'), JSON.stringify(Object.fromEntries(ROUTES.map((r) => [r, 'x.js']))));
afterAll(() => fs.rmSync(appRoot, { recursive: true, force: true }));

describe('warmUp before the server listens', () => {
  it("loads each route of the build once, renders each project's surface and runs polls through the real handler", async () => {
    const id = await createTestProject(['github']);
    const seen: { url: string; ifNoneMatch?: string }[] = [];
    const handler: http.RequestListener = (req, res) => {
      seen.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
      res.end('ok');
    };
    const logs: string[] = [];
    await warmUp(appRoot, t.app, handler, (m) => logs.push(m));

    expect(logs.at(-1)).toMatch(/^warmed up in \d+ ms: 4 routes \d+ ms, 1 surfaces \d+ ms, polls \d+ ms$/);
    // Every route once, with a project that does not exist: its code loads, nothing heavy runs.
    expect(seen.slice(0, 4).map((s) => s.url)).toEqual([
      '/',
      '/api/warm-up',
      '/api/projects/favindex-warm-up/usage',
      '/projects/favindex-warm-up/tokens/warm-up',
    ]);
    const poll = `/api/projects/${encodeURIComponent(id)}/surface`;
    const etag = (await t.app.surfaces.surface(id, undefined)).etag;
    expect(seen.filter((s) => s.url === poll).length).toBeGreaterThan(100);
    // A proxy's polls: most carry the ETag they were given.
    expect(seen.filter((s) => s.url === poll && s.ifNoneMatch === etag).length).toBeGreaterThan(50);
  });

  it('has no routes to load without a build', () => {
    expect(routePaths(path.join(appRoot, 'nowhere'))).toEqual([]);
  });

  it('logs a failure and lets the server start anyway', async () => {
    const logs: string[] = [];
    const broken = {
      db: {
        select() {
          throw new Error('the database is down');
        },
      },
    } as unknown as AppContext;
    await expect(
      warmUp(
        appRoot,
        broken,
        (_req, res) => res.end(),
        (m) => logs.push(m),
      ),
    ).resolves.toBeUndefined();
    expect(logs).toEqual(['warm-up stopped early: the database is down']);
  });
});
