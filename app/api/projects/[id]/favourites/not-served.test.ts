import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

setupTestDatabase();

describe('pinning a tool no connected proxy serves', () => {
  it('stores the pin and says in `warning` that no client receives it; a served tool has none', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    await api.put(`/api/projects/${id}/proxies/proxy-laptop1`, { json: proxyReport([{ name: 'filesystem', tools: 14 }]) });
    const pin = await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });
    expect(pin.status).toBe(200);
    expect(pin.body.changed).toBe(true);
    expect(pin.body.warning).toBe(
      "github/create_issue reaches no client: the connected proxy does not run 'github' (it runs filesystem); add it to a proxy's servers file",
    );
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'filesystem/read_file' } })).body.warning).toBeNull();
    expect((await api.get(`/api/projects/${id}/favourites`)).body.tools).toEqual(['github/create_issue', 'filesystem/read_file']);

    const current = await api.get(`/api/projects/${id}/favourites`);
    const put = await api.put(`/api/projects/${id}/favourites`, {
      json: { enabled: true, maxFavourites: 15, tools: ['filesystem/read_file', 'github/get_issue'] },
      headers: { 'if-match': `"${current.body.version}"` },
    });
    expect(put.body.warning).toContain('github/get_issue reaches no client');
  });

  it('warns of nothing while no proxy is connected: then nothing is known of what clients run', async () => {
    const id = await createTestProject(['github']);
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } })).body.warning).toBeNull();
    await api.put(`/api/projects/${id}/proxies/proxy-laptop1`, { json: proxyReport([{ name: 'filesystem', tools: 14 }], { state: 'stopped' }) });
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/list_issues' } })).body.warning).toBeNull();
  });
});
