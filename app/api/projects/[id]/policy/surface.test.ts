import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { bearer } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

setupTestDatabase();

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

async function tokenNamed(id: string, name: string): Promise<{ id: string; token: string }> {
  const res = await api.post(`/api/projects/${id}/tokens`, { json: { name, scopes: ['surface:read', 'config:read'] } });
  expect(res.status).toBe(201);
  return res.body;
}

const canonicals = (names: Record<string, string>) => Object.values(names).sort();

describe('a tool policy in the surface each token is served', () => {
  it("leaves a token's denied tools out of its own /surface only, and a policy change moves only its ETag", async () => {
    const id = await createTestProject([], 'polsurf');
    await api.put(`/api/projects/${id}/catalog/github`, { json: { tools: ['create_issue', 'delete_repo', 'delete_branch', 'list_issues'].map(tool) } });
    // Eager lists every tool by name, so the document's names are the whole catalog the token may use.
    await api.patch(`/api/projects/${id}`, { json: { surface: { mode: 'eager' } } });
    const a = await tokenNamed(id, 'agent-a');
    const b = await tokenNamed(id, 'agent-b');
    const surfaceOf = (made: { token: string }) => api.get(`/api/projects/${id}/surface`, { headers: bearer(made.token) });

    // Written by name, kept by id (§policy).
    const saved = await api.put(`/api/projects/${id}/policy`, {
      json: { policy: { default: 'allow', rules: [{ effect: 'deny', identities: ['token:agent-a'], tools: ['github/delete_*'] }] } },
    });
    expect(saved.body.policy.rules[0].identities).toEqual([`token:${a.id}`]);
    expect(saved.body.identities).toEqual([{ identity: `token:${a.id}`, gained: [], lost: ['github/delete_repo', 'github/delete_branch'] }]);

    const [forA, forB] = [await surfaceOf(a), await surfaceOf(b)];
    expect(forA.status).toBe(200);
    expect(canonicals(forA.body.names)).toEqual(['github/create_issue', 'github/list_issues']);
    expect(canonicals(forB.body.names)).toEqual(['github/create_issue', 'github/delete_branch', 'github/delete_repo', 'github/list_issues']);
    // A's document carries its policy with the rule made its own; B is told of no rule at all.
    expect(forA.body.policy.rules).toEqual([{ effect: 'deny', tools: ['github/delete_*'] }]);
    expect(forB.body.policy.rules).toEqual([]);
    // With where that rule stands and whom it is for, by the token's name, so A's proxy names it in a refusal as the Policy page does.
    expect(forA.body.policyRules).toEqual([{ rule: 1, identities: ['token:agent-a'] }]);
    expect(forB.body.policyRules).toEqual([]);
    expect(forA.headers.get('etag')).not.toBe(forB.headers.get('etag'));

    // Denying B one more tool changes B's document; A's stays as it was.
    await api.put(`/api/projects/${id}/policy`, {
      json: {
        policy: {
          default: 'allow',
          rules: [
            { effect: 'deny', identities: ['token:agent-a'], tools: ['github/delete_*'] },
            { effect: 'deny', identities: ['token:agent-b'], tools: ['github/delete_repo'] },
          ],
        },
      },
    });
    const [laterA, laterB] = [await surfaceOf(a), await surfaceOf(b)];
    expect(laterA.headers.get('etag')).toBe(forA.headers.get('etag'));
    expect(laterB.headers.get('etag')).not.toBe(forB.headers.get('etag'));
    expect(canonicals(laterB.body.names)).toEqual(['github/create_issue', 'github/delete_branch', 'github/list_issues']);

    // Lifting A's rule gives A its deletes back under a new ETag.
    await api.put(`/api/projects/${id}/policy`, {
      json: { policy: { default: 'allow', rules: [{ effect: 'deny', identities: ['token:agent-b'], tools: ['github/delete_repo'] }] } },
    });
    const freed = await surfaceOf(a);
    expect(freed.headers.get('etag')).not.toBe(forA.headers.get('etag'));
    expect(canonicals(freed.body.names)).toContain('github/delete_repo');
  });

  it('records each saved policy as a surface revision Impact lists', async () => {
    const id = await createTestProject(['memory'], 'polrev');
    await api.put(`/api/projects/${id}/policy`, {
      json: { policy: { default: 'allow', rules: [{ effect: 'deny', tools: ['memory/delete_*'] }] }, via: 'cli' },
    });
    const report = (await api.get(`/api/projects/${id}/impact`)).body;
    expect(
      report.revisions.map((r: { revision: number; changed: string[]; via: string; description: string }) => [r.revision, r.changed, r.via, r.description]),
    ).toEqual([
      [1, ['created'], 'api', expect.stringContaining('created')],
      [2, ['policy'], 'cli', 'tool policy changed'],
    ]);
  });
});
