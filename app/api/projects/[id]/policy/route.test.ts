import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';

setupTestDatabase();

const tool = (name: string, annotations?: Record<string, boolean>) => ({ name, inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) });

/** A project whose github server has two delete_ tools and a read-only one, beside a docs server. */
async function policyProject(): Promise<string> {
  const id = await createTestProject([], 'pol');
  await api.put(`/api/projects/${id}/catalog/github`, {
    json: { tools: [tool('create_issue'), tool('delete_repo'), tool('delete_branch'), tool('list_issues', { readOnlyHint: true })] },
  });
  await api.put(`/api/projects/${id}/catalog/docs`, { json: { tools: [tool('search', { readOnlyHint: true }), tool('publish')] } });
  return id;
}

const base = (id: string) => `/api/projects/${id}/policy`;
const save = (id: string, body: Record<string, unknown>) => api.put(base(id), { json: body });

const NO_DELETES_FOR_CI: ToolPolicy = {
  default: 'allow',
  rules: [{ effect: 'deny', identities: ['token:ci'], tools: ['github/delete_*'], note: 'CI never deletes' }],
};

describe('tool policy: save, plan and history', () => {
  it('saves a policy as version 1, answers it from GET, and lists it in the history', async () => {
    const id = await policyProject();
    const before = await api.get(base(id));
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ version: 0, policy: { default: 'allow', rules: [] }, catalogTools: 6 });

    const saved = await save(id, { policy: NO_DELETES_FOR_CI, basis: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ applied: true, changed: true, version: 1, policy: NO_DELETES_FOR_CI });

    const view = (await api.get(base(id))).body;
    expect(view).toMatchObject({ version: 1, policy: NO_DELETES_FOR_CI });
    expect(view.identities).toContainEqual({ identity: 'token:ci', kind: 'token', name: 'ci', from: ['rules'], allowed: 4, denied: 2 });

    await save(id, { policy: { ...NO_DELETES_FOR_CI, default: 'deny' }, via: 'ui' });
    const history = (await api.get(`${base(id)}/history`)).body;
    expect(history.currentVersion).toBe(2);
    expect(history.changes.map((c: { version: number; via: string; description: string }) => [c.version, c.via, c.description])).toEqual([
      [2, 'ui', 'default allow → deny'],
      [1, 'api', 'first policy: default allow, 1 rule'],
    ]);
    expect(history.changes[1]).toMatchObject({ before: null, after: NO_DELETES_FOR_CI });
    expect(history.changes[0].before).toEqual(NO_DELETES_FOR_CI);
  });

  it('plans a change with dryRun: the YAML diff and what each identity gains and loses, and writes nothing', async () => {
    const id = await policyProject();
    await api.post(`/api/projects/${id}/events`, {
      body: ndjson([event('e-1', 'github/create_issue', { client: 'claude-code' })]),
      headers: { 'content-type': 'application/x-ndjson' },
    });
    const policy: ToolPolicy = {
      default: 'allow',
      rules: [
        { effect: 'deny', identities: ['client:claude-code'], servers: ['docs'] },
        { effect: 'deny', tools: ['github/delete_*'] },
      ],
    };
    const plan = await save(id, { policy, dryRun: true });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ dryRun: true, applied: false, changed: true, version: 0 });
    expect(plan.body.diff).toContain('+      - github/delete_*');
    expect(plan.body.diff).toContain('-rules: []');
    // Everyone loses the deletes; the client seen in the sessions loses docs as well.
    expect(plan.body.identities).toEqual([
      { identity: 'client:claude-code', gained: [], lost: ['github/delete_repo', 'github/delete_branch', 'docs/search', 'docs/publish'] },
      { identity: '*', gained: [], lost: ['github/delete_repo', 'github/delete_branch'] },
    ]);
    expect((await api.get(base(id))).body).toMatchObject({ version: 0, policy: { rules: [] } });
    expect((await api.get(`${base(id)}/history`)).body.changes).toEqual([]);
  });

  it('warns of a rule that matches no catalog tool and of a token the project has none of', async () => {
    const id = await policyProject();
    const plan = await save(id, { policy: { default: 'allow', rules: [{ effect: 'deny', identities: ['token:nightly'], tools: ['githb/*'] }] }, dryRun: true });
    expect(plan.body.warnings).toEqual([
      {
        path: 'rules[0]',
        message: expect.stringMatching(/^rule 1 \(deny githb\/\* for token:nightly\) decides nothing now: no tool of the catalog matches it/),
      },
      { path: 'rules[0].identities[0]', message: expect.stringContaining("no token 'nightly'") },
    ]);
  });

  it('writes nothing for the policy in force again', async () => {
    const id = await policyProject();
    await save(id, { policy: NO_DELETES_FOR_CI });
    const again = await save(id, { policy: NO_DELETES_FOR_CI, basis: 1 });
    expect(again.body).toMatchObject({ changed: false, applied: false, version: 1, diff: '', identities: [] });
    expect((await api.get(`${base(id)}/history`)).body.changes).toHaveLength(1);
  });

  it('refuses a save over a stale basis with the new plan in details, and keeps the other change', async () => {
    const id = await policyProject();
    await save(id, { policy: NO_DELETES_FOR_CI, basis: 0 });
    const stale = await save(id, { policy: { default: 'deny', rules: [] }, basis: 0 });
    expectEnvelope(stale, 412, 'VERSION_MISMATCH');
    expect(stale.body.details).toMatchObject({ version: 1, current: NO_DELETES_FOR_CI });
    expect(stale.body.details.diff).toContain('+default: deny');
    expect(stale.body.details.identities).toContainEqual({
      identity: 'token:ci',
      gained: [],
      lost: ['github/create_issue', 'github/list_issues', 'docs/search', 'docs/publish'],
    });
    expect((await api.get(base(id))).body).toMatchObject({ version: 1, policy: NO_DELETES_FOR_CI });
  });

  it('refuses an invalid rule with 422 naming the field, and changes nothing', async () => {
    const id = await policyProject();
    const bad = await save(id, { policy: { default: 'allow', rules: [{ effect: 'deny', identities: ['ci'], tools: ['github/*'] }] } });
    expectEnvelope(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.message).toContain('policy.rules[0].identities[0]');
    expect(bad.body.message).toContain("an identity is 'token:<token id or name>' or 'client:<client name>'");
    const unknownEffect = await save(id, { policy: { default: 'allow', rules: [{ effect: 'hide', tools: ['github/*'] }] } });
    expectEnvelope(unknownEffect, 422, 'VALIDATION_FAILED');
    expect((await api.get(base(id))).body).toMatchObject({ version: 0, policy: { rules: [] } });
  });
});

describe('tool policy: access per identity', () => {
  it('answers per token and client which tools are allowed, by which rule and why', async () => {
    const id = await policyProject();
    await save(id, {
      policy: {
        default: 'deny',
        rules: [
          { effect: 'deny', identities: ['token:ci'], tools: ['github/delete_*'], note: 'CI never deletes' },
          { effect: 'allow', identities: ['client:cursor'], annotations: { readOnlyHint: true } },
          { effect: 'allow', servers: ['github'] },
        ],
      },
    });
    const access = async (query: string) => (await api.get(`${base(id)}/access?${query}`)).body;
    const ci = await access('token=ci');
    expect(ci).toMatchObject({ identity: { token: 'ci', client: null }, allowed: 2, denied: 4 });
    expect(ci.tools.find((t: { canonical: string }) => t.canonical === 'github/delete_repo')).toEqual({
      canonical: 'github/delete_repo',
      server: 'github',
      allowed: false,
      rule: 0,
      reason: 'deny github/delete_* for token:ci',
      note: 'CI never deletes',
    });
    expect(ci.tools.find((t: { canonical: string }) => t.canonical === 'docs/search')).toMatchObject({
      allowed: false,
      rule: null,
      reason: 'the default: deny',
      note: null,
    });

    const cursor = await access('client=cursor');
    expect(cursor.tools.filter((t: { allowed: boolean }) => t.allowed).map((t: { canonical: string }) => t.canonical)).toEqual([
      'github/create_issue',
      'github/delete_repo',
      'github/delete_branch',
      'github/list_issues',
      'docs/search',
    ]);
    expect(cursor.tools.find((t: { canonical: string }) => t.canonical === 'docs/search')).toMatchObject({
      rule: 1,
      reason: 'allow readOnlyHint true for client:cursor',
    });
  });
});
