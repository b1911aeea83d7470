import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '@/server/app-context';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { warmUp } from './warm-up';

const t = setupTestDatabase();

describe('warmUp before the server listens', () => {
  it("loads the routes proxies call once, renders each project's surface and runs polls through the real handler", async () => {
    const id = await createTestProject(['github']);
    const seen: { url: string; ifNoneMatch?: string }[] = [];
    const handler: http.RequestListener = (req, res) => {
      seen.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
      res.end('ok');
    };
    const logs: string[] = [];
    await warmUp(t.app, handler, (m) => logs.push(m));

    expect(logs.at(-1)).toMatch(/^warmed up in \d+ ms: 3 routes \d+ ms, 1 surfaces \d+ ms, polls \d+ ms$/);
    // The routes of a proxy's trace posts, reports and catalog uploads once each, with a project
    // that does not exist: their code loads, nothing heavy runs. The pages load when first asked for.
    expect(seen.slice(0, 3).map((s) => s.url)).toEqual([
      '/api/projects/favindex-warm-up/events',
      '/api/projects/favindex-warm-up/proxies/warm-up',
      '/api/projects/favindex-warm-up/catalog/warm-up',
    ]);
    const poll = `/api/projects/${encodeURIComponent(id)}/surface`;
    const etag = (await t.app.surfaces.surface(id, undefined)).etag;
    expect(seen.filter((s) => s.url === poll).length).toBeGreaterThan(100);
    // A proxy's polls: most carry the ETag they were given.
    expect(seen.filter((s) => s.url === poll && s.ifNoneMatch === etag).length).toBeGreaterThan(50);
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
        broken,
        (_req, res) => res.end(),
        (m) => logs.push(m),
      ),
    ).resolves.toBeUndefined();
    expect(logs).toEqual(['warm-up stopped early: the database is down']);
  });
});
