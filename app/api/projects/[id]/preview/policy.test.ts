import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '@/db/schema';
import { previewResponseSchema, type PreviewResponse } from '@/lib/contracts/preview';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { writeFavourites } from '@/server/favourites/favourites';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { putTwelveServers } from '@/test/twelve-servers';

const database = setupTestDatabase();

const POLICY = toolPolicySchema.parse({
  rules: [
    { effect: 'deny', tools: ['github/create_*'], identities: ['token:ci'], note: 'CI files no issues' },
    { effect: 'allow', servers: ['postgres'], identities: ['client:cursor'] },
    { effect: 'deny', identities: ['client:cursor'] },
  ],
});

async function project(): Promise<string> {
  const id = await createTestProject();
  await putTwelveServers(id);
  await writeFavourites(database.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'postgres/query'] }, { via: 'api' });
  await database.db.update(projects).set({ policy: POLICY }).where(eq(projects.id, id));
  return id;
}

async function preview(id: string, query: string): Promise<PreviewResponse> {
  const res = await api.get(`/api/projects/${id}/preview?mode=favindex&detail=names&${query}`);
  expect(res.status).toBe(200);
  return previewResponseSchema.parse(res.body);
}

const listed = (body: PreviewResponse) => body.modes[0]!.tools.flatMap((t) => (t.canonical ? [t.canonical] : []));

describe('GET /api/projects/:id/preview per identity (§policy)', () => {
  it("shows a token's lists without what its rules deny, and names the rule that keeps each tool back", async () => {
    const id = await project();
    const everyone = await preview(id, '');
    expect(everyone.policy).toEqual({ identity: { token: null, client: null }, hidden: [] });
    expect(listed(everyone)).toContain('github/create_issue');

    const ci = await preview(id, 'token=ci');
    expect(listed(ci).filter((c) => c.startsWith('github/create_'))).toEqual([]);
    expect(ci.policy.hidden.length).toBeGreaterThan(0);
    expect(ci.policy.hidden.every((h) => h.canonical.startsWith('github/create_') && h.rule === 0)).toBe(true);
    expect(ci.policy.hidden[0]).toMatchObject({ reason: 'rule 1: deny github/create_* for token:ci', note: 'CI files no issues' });
    // The denied favourite takes no favourite slot: postgres/query is the only favourite.
    expect(ci.modes[0]!.tools.filter((t) => t.source === 'favourite').map((t) => t.canonical)).toEqual(['postgres/query']);
    expect(ci.catalog.tools).toBe(everyone.catalog.tools - ci.policy.hidden.length);
  });

  it('applies rules for the client a session names', async () => {
    const id = await project();
    const cursor = await preview(id, 'sessionClient=cursor');
    expect(new Set(listed(cursor).map((c) => c.split('/')[0]))).toEqual(new Set(['postgres']));
    expect(cursor.policy.hidden.find((h) => h.canonical === 'github/create_issue')).toMatchObject({ rule: 2 });
    const both = await preview(id, 'token=ci&sessionClient=cursor');
    expect(both.policy.hidden.find((h) => h.canonical === 'github/create_issue')).toMatchObject({ rule: 0 });
  });

  it('refuses an identity it cannot read, with the envelope', async () => {
    const id = await project();
    const res = await api.get(`/api/projects/${id}/preview?token=${'x'.repeat(101)}`);
    expectEnvelope(res, 400, 'INVALID_PARAMETER');
    expect((res.body as { message: string }).message).toContain('token');
  });

  // Issue 45: a proxy token read /preview for any identity, the tools and schemas a rule denies
  // included, while /surface hid them from it.
  it("previews a token's own lists; another token's need config:read, which a config token has", async () => {
    const id = await project();
    const tokenOf = async (name: string, scopes?: string[]) => {
      const made = await api.post(`/api/projects/${id}/tokens`, { json: scopes ? { name, scopes } : { name } });
      expect(made.status).toBe(201);
      return { authorization: `Bearer ${made.body.token}` };
    };
    // The rule for 'token:ci', written before the token was made, is taken up by it, by its id.
    const ci = await tokenOf('ci');
    const ciId = (await api.get(`/api/projects/${id}/policy`)).body.policy.rules[0].identities[0].slice('token:'.length);
    expect(ciId).toMatch(/^tok_/);
    const proxy = await tokenOf('proxy');
    const config = await tokenOf('config', ['surface:read', 'config:read']);
    const as = async (headers: Record<string, string>, query = '') => api.get(`/api/projects/${id}/preview?mode=favindex&detail=names${query}`, { headers });
    const lists = (res: { body: unknown }) => listed(previewResponseSchema.parse(res.body));

    // Its own: without naming one, and by its name; the tools a rule denies it are not there.
    const own = await as(ci);
    expect(own.status).toBe(200);
    expect(own.body.policy.identity).toEqual({ token: ciId, client: null });
    expect(lists(own).filter((c) => c.startsWith('github/create_'))).toEqual([]);
    expect((await as(ci, '&token=ci')).body.policy.identity).toEqual({ token: ciId, client: null });
    // Another token's: 403, saying which scope it lacks, and nothing shown.
    for (const other of ['&token=ci', '&token=someone']) {
      const refused = await as(proxy, other);
      expectEnvelope(refused, 403, 'FORBIDDEN');
      expect(refused.body.message).toContain('lacks the scope config:read');
      expect(refused.text).not.toContain('create_issue');
    }
    // A token with config:read previews anyone's.
    const asConfig = await as(config, '&token=ci');
    expect(asConfig.status).toBe(200);
    expect(lists(asConfig)).toEqual(lists(own));
  });
});
