import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

setupTestDatabase();

const tools = (server: string) => fixtureCatalog(server).tools.length;
const eager = (body: { modes: { mode: string; count: number; tools: { canonical: string | null }[] }[] }) => body.modes.find((m) => m.mode === 'eager');

describe('the preview counts what connected proxies run', () => {
  it('with no proxy connected, counts every uploaded server', async () => {
    const id = await createTestProject(['github', 'filesystem', 'memory']);
    const res = await api.get(`/api/projects/${id}/preview?mode=eager&detail=names`);
    expect(res.body.catalog).toEqual({ servers: 3, tools: tools('github') + tools('filesystem') + tools('memory') });
    expect(res.body.proxies).toBeNull();
  });

  it('leaves out an uploaded server no connected proxy runs, names it apart, and counts it again once the proxy stops', async () => {
    const id = await createTestProject(['github', 'filesystem', 'memory']);
    const running = [
      { name: 'filesystem', tools: tools('filesystem') },
      { name: 'memory', tools: tools('memory') },
    ];
    await api.put(`/api/projects/${id}/proxies/proxy-laptop1`, { json: proxyReport(running) });
    const res = await api.get(`/api/projects/${id}/preview?mode=eager&detail=names`);
    expect(res.body.catalog).toEqual({ servers: 2, tools: tools('filesystem') + tools('memory') });
    expect(res.body.proxies).toEqual({ connected: 1, uploadedOnly: [{ server: 'github', tools: tools('github') }] });
    const list = eager(res.body);
    expect(list?.tools.some((t) => t.canonical?.startsWith('github/'))).toBe(false);
    expect(list?.count).toBe(tools('filesystem') + tools('memory'));

    // A second proxy that runs github brings it back.
    await api.put(`/api/projects/${id}/proxies/proxy-ci-runner`, { json: proxyReport([{ name: 'github', tools: tools('github') }]) });
    expect((await api.get(`/api/projects/${id}/preview?mode=eager&detail=names`)).body.proxies).toEqual({ connected: 2, uploadedOnly: [] });

    for (const proxy of ['proxy-laptop1', 'proxy-ci-runner'])
      await api.put(`/api/projects/${id}/proxies/${proxy}`, { json: proxyReport(running, { state: 'stopped' }) });
    const after = await api.get(`/api/projects/${id}/preview?mode=eager&detail=names`);
    expect(after.body.proxies).toBeNull();
    expect(after.body.catalog.servers).toBe(3);
  });
});
