import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pruneCatalogVersions } from '@/db/queries/catalog';
import { queryRows } from '@/db/sql';
import { CATALOG_VERSIONS_KEPT, MAX_CATALOG_SERVERS } from '@/lib/limits';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

/** §catalog limits: servers per catalog, versions kept per server. */
const t = setupTestDatabase();

const catalog = (n: number) => ({ tools: [{ name: `tool_${n}`, inputSchema: { type: 'object' } }] });

async function storedVersions(projectId: string, server: string): Promise<number[]> {
  const rows = await queryRows<{ version: number }>(
    t.db,
    sql`select version from catalog_versions where project_id = ${projectId} and server = ${server} order by version desc`,
  );
  return rows.map((r) => r.version);
}

async function serverNames(projectId: string): Promise<string[]> {
  return (await api.get(`/api/projects/${projectId}/catalog`)).body.servers.map((s: { name: string }) => s.name);
}

describe('catalog limits', () => {
  it(`holds at most ${MAX_CATALOG_SERVERS} servers a project and refuses one more with 409 SERVER_LIMIT_REACHED`, async () => {
    const id = await createTestProject();
    for (let i = 0; i < MAX_CATALOG_SERVERS; i++) {
      const res = await api.put(`/api/projects/${id}/catalog/s${i}`, { json: catalog(i) });
      expect(res.status).toBe(201);
    }
    const before = await serverNames(id);
    expect(before).toHaveLength(MAX_CATALOG_SERVERS);

    const refused = await api.put(`/api/projects/${id}/catalog/one-more`, { json: catalog(0) });
    expectEnvelope(refused, 409, 'SERVER_LIMIT_REACHED');
    expect(refused.body.cited_rule).toBe('§catalog');
    expect(refused.body.message).toContain(`the limit is ${MAX_CATALOG_SERVERS}`);
    // A sync registration of a new server is refused before favindex connects anywhere (this port answers nothing).
    const synced = await api.put(`/api/projects/${id}/catalog/one-more/sync`, { json: { url: 'http://192.0.2.1:9/mcp' } });
    expectEnvelope(synced, 409, 'SERVER_LIMIT_REACHED');
    expect(await serverNames(id)).toEqual(before);
    expect(await storedVersions(id, 'one-more')).toEqual([]);

    // The servers it has can still change; removing one makes room.
    expect((await api.put(`/api/projects/${id}/catalog/s0`, { json: catalog(1000) })).body).toMatchObject({ changed: true, version: 2 });
    expect((await api.delete(`/api/projects/${id}/catalog/s1`)).status).toBe(204);
    expect((await api.put(`/api/projects/${id}/catalog/one-more`, { json: catalog(0) })).status).toBe(201);
  });

  it(`keeps the newest ${CATALOG_VERSIONS_KEPT} versions of a server, pruned in the write of a newer one`, async () => {
    const id = await createTestProject();
    const writes = CATALOG_VERSIONS_KEPT + 5;
    for (let v = 1; v <= writes; v++) {
      const res = await api.put(`/api/projects/${id}/catalog/busy`, { json: catalog(v) });
      expect(res.body).toMatchObject({ changed: true, version: v });
    }
    const newest = Array.from({ length: CATALOG_VERSIONS_KEPT }, (_, i) => writes - i);
    expect(await storedVersions(id, 'busy')).toEqual(newest);
    const listed = (await api.get(`/api/projects/${id}/catalog/busy/versions`)).body.versions;
    expect(listed.map((v: { version: number }) => v.version)).toEqual(newest);
    const current = (await api.get(`/api/projects/${id}/catalog/busy`)).body;
    expect(current).toMatchObject({ version: writes, tools: catalog(writes).tools });
    // Numbering goes on from the newest, not from the count kept.
    expect((await api.put(`/api/projects/${id}/catalog/busy`, { json: catalog(0) })).body).toMatchObject({ version: writes + 1 });
  });

  it('never prunes the version a server is at', async () => {
    const id = await createTestProject();
    for (let v = 1; v <= 8; v++) await api.put(`/api/projects/${id}/catalog/pinned`, { json: catalog(v) });
    await t.db.execute(sql`update catalog_servers set version = 2 where project_id = ${id} and name = 'pinned'`);
    expect(await pruneCatalogVersions(t.db, id, 'pinned', 3)).toBe(4);
    expect(await storedVersions(id, 'pinned')).toEqual([8, 7, 6, 2]);
    expect((await api.get(`/api/projects/${id}/catalog/pinned`)).body).toMatchObject({ version: 2, tools: catalog(2).tools });
  });

  it('removes a server with its history; added back, it starts again at version 1', async () => {
    const id = await createTestProject();
    for (let v = 1; v <= 3; v++) await api.put(`/api/projects/${id}/catalog/gone`, { json: catalog(v) });
    expect((await api.delete(`/api/projects/${id}/catalog/gone`)).status).toBe(204);
    expect(await storedVersions(id, 'gone')).toEqual([]);
    expectEnvelope(await api.get(`/api/projects/${id}/catalog/gone/versions`), 404, 'SERVER_NOT_FOUND');
    expect((await api.put(`/api/projects/${id}/catalog/gone`, { json: catalog(9) })).body).toMatchObject({ version: 1, changed: true });
  });
});
