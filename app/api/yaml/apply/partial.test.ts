import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { applyYaml as apply } from '@/test/yaml-documents';

setupTestDatabase();

// §yaml: a document applies what it says and leaves the rest, as `kubectl apply` does.

const exportOne = async (id: string) => (await api.get(`/api/projects/${id}/yaml`)).text;

/** A document that names the project and says `spec` alone (its lines indented under spec:). */
const partial = (id: string, spec: string) => `apiVersion: favindex/v1\nkind: Project\nmetadata:\n  name: ${id}\nspec:\n${spec}`;

async function projectWithFavourites(): Promise<string> {
  const id = await createTestProject(['github'], 'partial');
  for (const tool of ['github/create_issue', 'github/list_issues']) {
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool } })).status).toBe(200);
  }
  expect(
    (await api.put(`/api/projects/${id}/policy`, { json: { policy: { default: 'allow', rules: [{ effect: 'deny', tools: ['github/delete_*'] }] } } })).status,
  ).toBe(200);
  return id;
}

describe('a partial YAML document', () => {
  it('changes the one field it names, and everything it leaves out stays as it was', async () => {
    const id = await projectWithFavourites();
    const before = await exportOne(id);
    const oneField = partial(id, '  surface:\n    mode: deferred\n');

    const dry = await apply(oneField, '?dryRun=true');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.projects[0]).toMatchObject({ action: 'update', changes: [{ path: 'spec.surface.mode', before: 'favindex', after: 'deferred' }] });
    expect(dry.body.projects[0].diff).toContain('-    mode: favindex\n+    mode: deferred\n');

    const applied = await apply(oneField);
    expect(applied.status, applied.text).toBe(200);
    expect(await exportOne(id)).toBe(before.replace('    mode: favindex\n', '    mode: deferred\n'));
    // The favourites and the policy it did not name were not written again.
    expect((await api.get(`/api/projects/${id}/favourites`)).body).toMatchObject({ version: 3, tools: ['github/create_issue', 'github/list_issues'] });
    expect((await api.get(`/api/projects/${id}/policy`)).body.version).toBe(1);
    // Sent again, it changes nothing.
    expect((await apply(oneField)).body.summary).toEqual({ create: 0, update: 0, unchanged: 1 });
  });

  it('replaces a list it sends whole, and keeps the rest of its map', async () => {
    const id = await projectWithFavourites();
    expect((await apply(partial(id, '  favouriteIndex:\n    tools: [github/list_issues]\n'))).status).toBe(200);
    expect((await api.get(`/api/projects/${id}/favourites`)).body).toMatchObject({ enabled: true, maxFavourites: 15, tools: ['github/list_issues'] });
  });

  it('refuses a wrong value with the envelope, where it is written, and loses nothing', async () => {
    const id = await projectWithFavourites();
    const before = await exportOne(id);

    const badMode = await apply(partial(id, '  surface:\n    mode: lazzy\n'));
    expectEnvelope(badMode, 422, 'YAML_INVALID');
    expect(badMode.body.details).toEqual([expect.objectContaining({ document: 1, line: 7, column: 11, path: 'spec.surface.mode' })]);

    // Judged with what it keeps: the two favourites kept do not fit a maximum of one.
    const tooFew = await apply(partial(id, '  favouriteIndex:\n    maxFavourites: 1\n'));
    expectEnvelope(tooFew, 422, 'YAML_INVALID');
    expect(tooFew.body.details[0].message).toBe('2 favourites exceed maxFavourites 1: remove github/list_issues or raise maxFavourites');

    const typo = await apply(partial(id, '  surfce:\n    mode: deferred\n'));
    expectEnvelope(typo, 422, 'YAML_INVALID');
    expect(typo.body.details[0]).toMatchObject({ line: 6, column: 3, path: 'spec.surfce', message: "unknown field 'surfce': did you mean 'surface'?" });

    expect(await exportOne(id)).toBe(before);
  });

  it('creates a project with the defaults of a new one for what it leaves out', async () => {
    const id = `partial-new-${process.pid}`;
    const created = await apply(partial(id, '  surface:\n    mode: deferred\n'));
    expect(created.status, created.text).toBe(200);
    expect(created.body.projects[0].action).toBe('create');
    expect((await api.get(`/api/projects/${id}`)).body.surface).toMatchObject({ mode: 'deferred', target: 'openai', naming: 'safe' });
    expect((await api.get(`/api/projects/${id}/favourites`)).body).toMatchObject({ enabled: true, maxFavourites: 15, tools: [] });
  });
});
