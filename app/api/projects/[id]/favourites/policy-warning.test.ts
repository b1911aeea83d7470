import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

setupTestDatabase();

const DENIED =
  "memory/delete_entities is denied to every identity by the project's tool policy: no session is shown it or may call it; change the policy, or unpin it";

async function deniedProject(): Promise<string> {
  const id = await createTestProject(['memory']);
  const policy = {
    default: 'allow',
    rules: [
      { effect: 'deny', tools: ['memory/delete_entities'] },
      { effect: 'deny', tools: ['memory/delete_relations'], identities: ['token:ci'] },
    ],
  };
  expect((await api.put(`/api/projects/${id}/policy`, { json: { policy } })).status).toBe(200);
  return id;
}

describe('pinning a tool the policy denies to every identity', () => {
  it('stores the pin and says in `warning` that no session may use it; a tool denied to some is no warning', async () => {
    const id = await deniedProject();
    const pin = await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'memory/delete_entities' } });
    expect(pin.status).toBe(200);
    expect(pin.body).toMatchObject({ changed: true, warning: DENIED });
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'memory/delete_relations' } })).body.warning).toBeNull();
    expect((await api.get(`/api/projects/${id}/favourites`)).body.tools).toEqual(['memory/delete_entities', 'memory/delete_relations']);
    // The Policy page's view lists it too: what the dashboard asks about before a pin.
    expect((await api.get(`/api/projects/${id}/policy`)).body.deniedToEveryone).toEqual(['memory/delete_entities']);
  });

  it('says both reasons when no connected proxy runs the server either, and warns on a whole-list replace', async () => {
    const id = await deniedProject();
    await api.put(`/api/projects/${id}/proxies/proxy-laptop1`, { json: proxyReport([{ name: 'filesystem', tools: 14 }]) });
    const pin = await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'memory/delete_entities' } });
    expect(pin.body.warning).toBe(
      `memory/delete_entities reaches no client: the connected proxy does not run 'memory' (it runs filesystem); add it to a proxy's servers file. ${DENIED}`,
    );
    const put = await api.put(`/api/projects/${id}/favourites`, {
      json: { enabled: true, maxFavourites: 15, tools: ['memory/delete_entities'] },
      headers: { 'if-match': '*' },
    });
    expect(put.body.warning).toContain(DENIED);
  });
});
