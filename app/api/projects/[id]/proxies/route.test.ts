import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { MAX_PROXIES_PER_TOKEN, PROXY_CONNECTED_MS, PROXY_REPORT_LIMITS } from '@/lib/limits';
import { api, expectEnvelope } from '@/test/api';
import { bearer, createToken } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

const t = setupTestDatabase();
const ID = 'proxy-aaaaaaaa';

const report = (servers = [{ name: 'filesystem', tools: 14 }], overrides = {}) => proxyReport(servers, overrides);

/** Make a proxy's last report this old, as if it had stopped reporting. */
async function age(projectId: string, proxyId: string, ms: number): Promise<void> {
  await queryRows(
    t.db,
    sql`update project_proxies set last_seen_at = ${new Date(Date.now() - ms).toISOString()}::timestamptz where project_id = ${projectId} and id = ${proxyId}`,
  );
}

describe('proxy reports', () => {
  it('stores a report under an events:write token, one row per proxy id, the last report winning', async () => {
    const id = await createTestProject();
    const { token } = await createToken(id, ['events:write']);
    const first = await api.put(`/api/projects/${id}/proxies/${ID}`, { json: report(), headers: bearer(token) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: ID, host: 'dev-laptop', connected: true, servers: [{ name: 'filesystem', state: 'up', tools: 14 }] });

    const again = report(
      [
        { name: 'filesystem', tools: 14 },
        { name: 'memory', tools: 9 },
      ],
      { lastError: 'favindex refused PUT /catalog: this token lacks the scope catalog:write' },
    );
    expect((await api.put(`/api/projects/${id}/proxies/${ID}`, { json: again, headers: bearer(token) })).status).toBe(200);
    const list = await api.get(`/api/projects/${id}/proxies`);
    expect(list.body.connectedWithinMs).toBe(PROXY_CONNECTED_MS);
    expect(list.body.proxies).toHaveLength(1);
    expect(list.body.proxies[0]).toMatchObject({ id: ID, firstSeenAt: first.body.firstSeenAt, lastError: again.lastError });
    expect(list.body.proxies[0].servers.map((s: { name: string }) => s.name)).toEqual(['filesystem', 'memory']);
  });

  it('keeps how long a backlog waited, the traces a proxy lost to its disk, why, and those it set aside; a report without them (an older proxy) has none', async () => {
    const id = await createTestProject();
    const spool = { events: 3, bytes: 900, lagMs: 12_400, dropped: 0, lost: 2_242, lostCause: 'disk full (ENOSPC)', setAside: 1 };
    expect((await api.put(`/api/projects/${id}/proxies/${ID}`, { json: report(undefined, { spool }) })).body.spool).toEqual(spool);
    const older = { ...report(), spool: { events: 0, bytes: 0, dropped: 0 } };
    expect((await api.put(`/api/projects/${id}/proxies/proxy-older01`, { json: older })).status).toBe(200);
    const { proxies } = (await api.get(`/api/projects/${id}/proxies`)).body;
    const spools = Object.fromEntries(proxies.map((p: { id: string; spool: unknown }) => [p.id, p.spool]));
    expect(spools).toEqual({ [ID]: spool, 'proxy-older01': { events: 0, bytes: 0, lagMs: 0, dropped: 0, lost: 0, lostCause: null, setAside: 0 } });
  });

  it('keeps the MCP revision each server speaks; a report without it (an older proxy, or a server not yet connected) has null', async () => {
    const id = await createTestProject();
    const servers = [
      { name: 'remote', state: 'up', tools: 3, lastError: null, restarts: 0, protocol: '2026-07-28' },
      { name: 'local', state: 'starting', tools: 0, lastError: null, restarts: 0 },
    ];
    expect((await api.put(`/api/projects/${id}/proxies/${ID}`, { json: { ...report(), servers } })).status).toBe(200);
    const { proxies } = (await api.get(`/api/projects/${id}/proxies`)).body;
    expect(proxies[0].servers.map((s: { name: string; protocol: string | null }) => [s.name, s.protocol])).toEqual([
      ['remote', '2026-07-28'],
      ['local', null],
    ]);
  });

  it('lists connected proxies first; one silent for three intervals, or stopped, is not connected', async () => {
    const id = await createTestProject();
    await api.put(`/api/projects/${id}/proxies/proxy-silent01`, { json: report() });
    await api.put(`/api/projects/${id}/proxies/proxy-stopped1`, { json: report(undefined, { state: 'stopped' }) });
    await api.put(`/api/projects/${id}/proxies/proxy-running`, { json: report() });
    await age(id, 'proxy-running', 1_000);
    await age(id, 'proxy-silent01', PROXY_CONNECTED_MS + 1_000);
    const { proxies } = (await api.get(`/api/projects/${id}/proxies`)).body;
    expect(proxies.map((p: { id: string; connected: boolean }) => [p.id, p.connected])).toEqual([
      ['proxy-running', true],
      ['proxy-stopped1', false],
      ['proxy-silent01', false],
    ]);
  });

  it('refuses bad reports with the envelope and keeps the last good one', async () => {
    const id = await createTestProject();
    await api.put(`/api/projects/${id}/proxies/${ID}`, { json: report() });
    const bad = [
      { ...report(), host: '' },
      { ...report(), host: 'h'.repeat(PROXY_REPORT_LIMITS.host + 1) },
      { ...report(), transport: 'carrier-pigeon' },
      { ...report(), lastError: 'x'.repeat(PROXY_REPORT_LIMITS.error + 1) },
      { ...report(), lastError: 'bell\u0007' },
      { ...report(), servers: [{ name: 'bad name!', state: 'up', tools: 1, lastError: null, restarts: 0 }] },
      { ...report(), servers: [{ name: 'remote', state: 'up', tools: 1, lastError: null, restarts: 0, protocol: 'latest' }] },
      report([
        { name: 'filesystem', tools: 1 },
        { name: 'filesystem', tools: 2 },
      ]),
      { ...report(), presented: { count: 1, names: Array.from({ length: PROXY_REPORT_LIMITS.presentedNames + 1 }, (_, i) => `t${i}`) } },
      { ...report(), spool: { events: -1, bytes: 0, dropped: 0 } },
      { ...report(), spool: { events: 0, bytes: 0, dropped: 0, lost: 1, lostCause: 'x'.repeat(PROXY_REPORT_LIMITS.lostCause + 1) } },
      { ...report(), extra: true },
    ];
    for (const body of bad) {
      const res = await api.put(`/api/projects/${id}/proxies/${ID}`, { json: body });
      expectEnvelope(res, 422, 'VALIDATION_FAILED');
      expect(res.body.cited_rule).toBe('§auth');
    }
    expectEnvelope(await api.put(`/api/projects/${id}/proxies/short`, { json: report() }), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.put('/api/projects/ghost/proxies/proxy-ghost01', { json: report() }), 404, 'PROJECT_NOT_FOUND');
    const { proxies } = (await api.get(`/api/projects/${id}/proxies`)).body;
    expect(proxies).toHaveLength(1);
    expect(proxies[0]).toMatchObject({ host: 'dev-laptop', lastError: null });
  });

  it(`keeps at most ${MAX_PROXIES_PER_TOKEN} proxies reported without a token; a known one still reports, a forgotten one makes room`, async () => {
    const id = await createTestProject();
    const values = Array.from(
      { length: MAX_PROXIES_PER_TOKEN },
      (_, i) => sql`(${id}, ${`proxy-${String(i).padStart(4, '0')}`}, ${JSON.stringify(report())}::jsonb)`,
    );
    await queryRows(t.db, sql`insert into project_proxies (project_id, id, report) values ${sql.join(values, sql`, `)}`);
    expectEnvelope(await api.put(`/api/projects/${id}/proxies/proxy-one-more`, { json: report() }), 409, 'PROXY_LIMIT_REACHED');
    expect((await api.put(`/api/projects/${id}/proxies/proxy-0001`, { json: report() })).status).toBe(200);
    expect((await api.delete(`/api/projects/${id}/proxies/proxy-0000`)).status).toBe(204);
    expect((await api.put(`/api/projects/${id}/proxies/proxy-one-more`, { json: report() })).status).toBe(200);
  });

  it('forgets a proxy; an unknown one is a 404', async () => {
    const id = await createTestProject();
    await api.put(`/api/projects/${id}/proxies/${ID}`, { json: report() });
    expect((await api.delete(`/api/projects/${id}/proxies/${ID}`)).status).toBe(204);
    expect((await api.get(`/api/projects/${id}/proxies`)).body.proxies).toEqual([]);
    expectEnvelope(await api.delete(`/api/projects/${id}/proxies/${ID}`), 404, 'PROXY_NOT_FOUND');
  });
});
