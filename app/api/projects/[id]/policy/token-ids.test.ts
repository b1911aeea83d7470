import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { api } from '@/test/api';
import { bearer } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { applyYaml } from '@/test/yaml-documents';

setupTestDatabase();

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const NO_DELETES = (...identities: string[]) => ({ default: 'allow', rules: [{ effect: 'deny', identities, tools: ['github/delete_*'] }] });

async function project(): Promise<string> {
  const id = await createTestProject([], 'toks');
  await api.put(`/api/projects/${id}/catalog/github`, { json: { tools: ['create_issue', 'delete_repo', 'list_issues'].map(tool) } });
  await api.patch(`/api/projects/${id}`, { json: { surface: { mode: 'eager' } } });
  return id;
}

async function token(id: string, name: string): Promise<{ id: string; token: string }> {
  const made = await api.post(`/api/projects/${id}/tokens`, { json: { name } });
  expect(made.status).toBe(201);
  return made.body;
}

const surfaceNames = async (id: string, secret: string) =>
  Object.values((await api.get(`/api/projects/${id}/surface`, { headers: bearer(secret) })).body.names as Record<string, string>).sort();

describe('the policy names a token by its id and shows its name (§policy, issue 46)', () => {
  it('saves a rule written with a live token name as its id, lists it by name, and explains access by name', async () => {
    const id = await project();
    const ci = await token(id, 'ci');
    const saved = await api.put(`/api/projects/${id}/policy`, { json: { policy: NO_DELETES('token:ci') } });
    expect(saved.status).toBe(200);
    expect(saved.body.policy.rules[0].identities).toEqual([`token:${ci.id}`]);

    const view = (await api.get(`/api/projects/${id}/policy`)).body;
    expect(view.identities).toContainEqual({ identity: `token:${ci.id}`, kind: 'token', name: 'ci', from: ['token', 'rules'], allowed: 2, denied: 1 });
    // Asked by name or by id, the same token, and the reason names it by name.
    for (const ref of ['ci', ci.id]) {
      const access = (await api.get(`/api/projects/${id}/policy/access?token=${ref}`)).body;
      expect(access.identity).toEqual({ token: ci.id, client: null });
      expect(access.tools.find((t: { canonical: string }) => t.canonical === 'github/delete_repo').reason).toBe('deny github/delete_* for token:ci');
    }
    // Saving the same policy by name again is no change.
    expect((await api.put(`/api/projects/${id}/policy`, { json: { policy: NO_DELETES('token:ci') } })).body).toMatchObject({ changed: false, version: 1 });
  });

  it('keeps a rotated name apart: the rule stays with the revoked token, the new one is another identity', async () => {
    const id = await project();
    const old = await token(id, 'ci');
    await api.put(`/api/projects/${id}/policy`, { json: { policy: NO_DELETES('token:ci') } });
    expect((await api.delete(`/api/projects/${id}/tokens/${old.id}`)).status).toBe(200);
    const fresh = await token(id, 'ci');
    expect(await surfaceNames(id, fresh.token)).toEqual(['github/create_issue', 'github/delete_repo', 'github/list_issues']);
    const plan = await api.put(`/api/projects/${id}/policy`, { json: { policy: NO_DELETES(`token:${old.id}`), dryRun: true } });
    expect(plan.body.warnings).toEqual([{ path: 'rules[0].identities[0]', message: expect.stringContaining(`the token 'ci' (${old.id}) is revoked`) }]);
  });

  it('gives a rule written for a token not made yet to the token made with that name', async () => {
    const id = await project();
    await api.put(`/api/projects/${id}/policy`, { json: { policy: NO_DELETES('token:nightly', 'client:cursor') } });
    const nightly = await token(id, 'nightly');
    const view = (await api.get(`/api/projects/${id}/policy`)).body;
    expect(view.policy.rules[0].identities).toEqual([`token:${nightly.id}`, 'client:cursor']);
    expect(await surfaceNames(id, nightly.token)).toEqual(['github/create_issue', 'github/list_issues']);
    const history = (await api.get(`/api/projects/${id}/policy/history`)).body.changes;
    expect(history.map((c: { version: number; via: string }) => [c.version, c.via])).toEqual([
      [2, 'api'],
      [1, 'api'],
    ]);
  });

  it('applies YAML naming a token by name as its id, and its export applies again unchanged', async () => {
    const id = await project();
    const ci = await token(id, 'ci');
    const doc = parse((await api.get(`/api/projects/${id}/yaml`)).text);
    doc.spec.policy = NO_DELETES('token:ci');
    const applied = await applyYaml(stringify(doc));
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0].warnings).toEqual([]);
    const exported = (await api.get(`/api/projects/${id}/yaml`)).text;
    expect(exported).toContain(`token:${ci.id}`);
    expect((await applyYaml(stringify(doc), '?dryRun=true')).body.projects[0].action).toBe('unchanged');
    expect((await applyYaml(exported, '?dryRun=true')).body.projects[0].action).toBe('unchanged');
  });
});
