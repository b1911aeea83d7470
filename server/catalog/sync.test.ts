import { afterAll, describe, expect, it } from 'vitest';
import { fetchToolsList } from '@/mcp/fetch-tools';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { allowLoopbackSync } from '@/test/sync-targets';
import { createTestProject } from '@/test/fixtures';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-server';
import { syncServerNow } from './sync';

const database = setupTestDatabase();
allowLoopbackSync();
const servers: TestMcpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('syncServerNow', () => {
  it('drops a slow sync that read the list before a newer sync stored its own: a catalog never goes back', async () => {
    const mcp = await startTestMcpServer({ tools: [{ name: 'old_tool' }] });
    servers.push(mcp);
    const id = await createTestProject();
    await api.put(`/api/projects/${id}/catalog/live/sync`, { json: { url: mcp.url } });

    const slow = await syncServerNow(database.db, id, 'live', 'schedule', async (endpoint) => {
      const stale = await fetchToolsList(endpoint);
      // While the slow sync is between reading and writing, the server changes and a quick sync stores it.
      mcp.setTools([{ name: 'new_tool' }], { notify: false });
      const quick = await syncServerNow(database.db, id, 'live', 'manual');
      expect(quick).toMatchObject({ version: 2, changed: true, added: ['new_tool'] });
      return stale;
    });

    expect(slow).toMatchObject({ superseded: true, changed: false, version: 2 });
    expect(slow.fingerprint).toMatch(/^sha256:/);
    const catalog = (await api.get(`/api/projects/${id}/catalog`)).body;
    expect(catalog.servers[0].tools.map((t: { name: string }) => t.name)).toEqual(['new_tool']);
    const versions = (await api.get(`/api/projects/${id}/catalog/live/versions`)).body.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });
});
