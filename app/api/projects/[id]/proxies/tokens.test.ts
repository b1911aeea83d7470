import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { MAX_PROXIES_PER_TOKEN, PROXY_FORGOTTEN_MS } from '@/lib/limits';
import { api, expectEnvelope } from '@/test/api';
import { bearer, createToken } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

const t = setupTestDatabase();

const running = (servers: string[]) => proxyReport(servers.map((name) => ({ name, tools: fixtureCatalog(name).tools.length })));
const put = (id: string, proxyId: string, token: string | null, body = running(['github'])) =>
  api.put(`/api/projects/${id}/proxies/${proxyId}`, { json: body, headers: token ? bearer(token) : {} });
const listed = async (id: string) => ((await api.get(`/api/projects/${id}/proxies`)).body.proxies as { id: string }[]).map((p) => p.id);
/** What the Preview counts of the proxies (the header reads the same list). */
const previewed = async (id: string) => (await api.get(`/api/projects/${id}/preview?mode=eager&detail=names`)).body.proxies;

/** As if the proxy's last report came this long ago. */
async function age(projectId: string, proxyId: string, ms: number): Promise<void> {
  await queryRows(
    t.db,
    sql`update project_proxies set last_seen_at = ${new Date(Date.now() - ms).toISOString()}::timestamptz where project_id = ${projectId} and id = ${proxyId}`,
  );
}

/** `n` proxies of a token (null: reported without one), seen a minute ago, as so many reports would leave them. */
async function fill(projectId: string, tokenId: string | null, n: number, prefix: string): Promise<void> {
  const at = new Date(Date.now() - 60_000).toISOString();
  const values = Array.from(
    { length: n },
    (_, i) => sql`(${projectId}, ${`${prefix}-${String(i).padStart(4, '0')}`}, ${JSON.stringify(running(['memory']))}::jsonb, ${tokenId}, ${at}::timestamptz)`,
  );
  await queryRows(t.db, sql`insert into project_proxies (project_id, id, report, token_id, last_seen_at) values ${sql.join(values, sql`, `)}`);
}

// Issue 45: a surface:read token could forge proxy reports, fill the project's 100 proxy slots
// and lock the real proxy out (PROXY_LIMIT_REACHED), while changing the header's and Preview's counts.
describe('proxy reports and the tokens they come under (§auth)', () => {
  it('refuses a report from a token that only reads, and stores nothing', async () => {
    const id = await createTestProject(['github', 'memory']);
    const reader = await createToken(id, ['surface:read']);
    const refused = await put(id, 'proxy-forged01', reader.token, running([]));
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.message).toContain('lacks the scope events:write');
    expect(await listed(id)).toEqual([]);
    expect(await previewed(id)).toBeNull();
    // A proxy's token reports.
    const proxy = await createToken(id, ['events:write', 'surface:read', 'catalog:write']);
    expect((await put(id, 'proxy-real0001', proxy.token)).status).toBe(200);
    expect(await previewed(id)).toEqual({ connected: 1, uploadedOnly: [{ server: 'memory', tools: fixtureCatalog('memory').tools.length }] });
  });

  it('keeps a proxy with the token it reports under: another token cannot take it over, until that token is revoked', async () => {
    const id = await createTestProject(['github']);
    const first = await createToken(id, ['events:write']);
    const second = await createToken(id, ['events:write', 'surface:read']);
    expect((await put(id, 'proxy-laptop01', first.token)).status).toBe(200);
    const taken = await put(id, 'proxy-laptop01', second.token, running([]));
    expectEnvelope(taken, 403, 'FORBIDDEN');
    expect(taken.body.message).toContain("proxy 'proxy-laptop01' reports under another token");
    expect((await api.get(`/api/projects/${id}/proxies`)).body.proxies[0].servers.map((s: { name: string }) => s.name)).toEqual(['github']);
    // The admin (no token) may report any proxy; it stays the first token's.
    expect((await put(id, 'proxy-laptop01', null)).status).toBe(200);
    expectEnvelope(await put(id, 'proxy-laptop01', second.token), 403, 'FORBIDDEN');
    // Revoked, the first token's proxy passes to the token that reports it now.
    expect((await api.delete(`/api/projects/${id}/tokens/${first.id}`)).status).toBe(200);
    expect((await put(id, 'proxy-laptop01', second.token, running([]))).status).toBe(200);
    expect((await put(id, 'proxy-laptop01', second.token)).status).toBe(200);
  });

  it(`counts ${MAX_PROXIES_PER_TOKEN} proxies per token: one token's cannot lock another's proxy out`, async () => {
    const id = await createTestProject(['github']);
    const flooder = await createToken(id, ['events:write']);
    const proxy = await createToken(id, ['events:write', 'surface:read', 'catalog:write']);
    await fill(id, flooder.id, MAX_PROXIES_PER_TOKEN, 'proxy-flood');
    const full = await put(id, 'proxy-flood-more', flooder.token);
    expectEnvelope(full, 409, 'PROXY_LIMIT_REACHED');
    expect(full.body.message).toContain(`this token already keeps ${MAX_PROXIES_PER_TOKEN} proxies`);
    expect((await put(id, 'proxy-real0001', proxy.token)).status).toBe(200);
    expect((await put(id, 'proxy-real0002', null)).status).toBe(200);
    expect(await listed(id)).toHaveLength(MAX_PROXIES_PER_TOKEN + 2);
  });

  it('forgets a proxy not heard from for 7 days: it is listed no more, and its place is free', async () => {
    const id = await createTestProject(['github']);
    const proxy = await createToken(id, ['events:write']);
    await fill(id, proxy.id, MAX_PROXIES_PER_TOKEN, 'proxy-old');
    await age(id, 'proxy-old-0000', PROXY_FORGOTTEN_MS + 60_000);
    await age(id, 'proxy-old-0001', PROXY_FORGOTTEN_MS - 60_000);
    const ids = await listed(id);
    expect(ids).not.toContain('proxy-old-0000');
    expect(ids).toContain('proxy-old-0001');
    expect((await put(id, 'proxy-new00001', proxy.token)).status).toBe(200);
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from project_proxies where project_id = ${id} and id = 'proxy-old-0000'`);
    expect(row?.n).toBe(0);
    // Its id comes back as a new proxy when it reports again, under whichever token sends it.
    const other = await createToken(id, ['events:write', 'catalog:write']);
    await age(id, 'proxy-old-0002', PROXY_FORGOTTEN_MS + 60_000);
    const back = await put(id, 'proxy-old-0002', other.token);
    expect(back.status).toBe(200);
    expect(Date.parse(back.body.firstSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});
