import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDefaultPolicy } from '@/lib/schemas/policy';
import { isEmptyRouters } from '@/lib/schemas/routers';
import { stringifyProjectDocuments, toProjectDocument, type ProjectConfig } from '@/lib/yaml/project-document';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { projectConfigArb, projectIdArb } from '@/test/project-arbitraries';
import { applyYaml as apply, projectYaml } from '@/test/yaml-documents';

setupTestDatabase();

/**
 * The project `after`'s export makes of `before`: an export leaves out a default policy, no
 * routers, no test queries, no bake-off tasks and no custom cap, and a field left out keeps the
 * project's value.
 */
function landed(before: ProjectConfig, after: ProjectConfig): ProjectConfig {
  const customCap = after.surface.customCap ?? before.surface.customCap;
  return {
    ...after,
    surface: { ...after.surface, ...(customCap === undefined ? {} : { customCap }) },
    policy: after.policy && !isDefaultPolicy(after.policy) ? after.policy : before.policy,
    routers: after.routers && !isEmptyRouters(after.routers) ? after.routers : before.routers,
    testQueries: after.testQueries?.length ? after.testQueries : before.testQueries,
    bakeoffTasks: after.bakeoffTasks?.length ? after.bakeoffTasks : before.bakeoffTasks,
  };
}

const exportOne = async (id: string) => (await api.get(`/api/projects/${id}/yaml`)).text;

describe('YAML export', () => {
  it('exports one project, or all of them separated by ---, as application/yaml', async () => {
    const a = await createTestProject([], 'exp');
    const b = await createTestProject([], 'exp');
    await api.post(`/api/projects/${a}/favourites/pin`, { json: { tool: 'github/create_issue' } });
    const one = await api.get(`/api/projects/${a}/yaml`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(one.headers.get('content-disposition')).toBeNull();
    expect(one.text).toMatch(new RegExp(`^apiVersion: favindex/v1\\nkind: Project\\nmetadata:\\n  name: ${a}\\n`));
    expect(one.text).toContain('    tools:\n      - github/create_issue\n');

    const all = await api.get('/api/yaml?download=1');
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="favindex-projects.yaml"');
    const docs = all.text.split('---\n');
    expect(docs).toContain(one.text);
    expect(docs).toContain(await exportOne(b));
    expect((await api.get(`/api/projects/${a}/yaml?download=1`)).headers.get('content-disposition')).toBe(`attachment; filename="${a}.yaml"`);
    expectEnvelope(await api.get('/api/projects/ghost/yaml'), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await api.get('/api/yaml?download=maybe'), 400, 'INVALID_PARAMETER');
  });
});

describe('YAML apply', () => {
  it('creates a project by metadata.name, then updates it, recording the favourites changes as via yaml', async () => {
    const created = await apply(projectYaml('yaml-made'));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ dryRun: false, applied: true, summary: { create: 1, update: 0, unchanged: 0 } });
    expect(created.body.projects[0]).toMatchObject({ name: 'yaml-made', action: 'create' });
    expect((await api.get('/api/projects/yaml-made')).body).toMatchObject({ description: 'from yaml', surface: { agentTools: 12 } });
    expect((await api.get('/api/projects/yaml-made/favourites')).body).toMatchObject({
      maxFavourites: 5,
      tools: ['github/create_issue', 'github/list_issues'],
    });

    const updated = await apply(projectYaml('yaml-made', { maxFavourites: 3, tools: ['github/list_issues'] }));
    expect(updated.body.summary).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(updated.body.projects[0].favourites).toMatchObject({ removed: ['github/create_issue'], maxFavourites: { from: 5, to: 3 } });
    const history = (await api.get('/api/projects/yaml-made/favourites/history')).body.changes;
    expect(history.map((c: { version: number; via: string }) => [c.version, c.via])).toEqual([
      [3, 'yaml'],
      [2, 'yaml'],
      [1, 'yaml'],
    ]);

    const again = await apply(projectYaml('yaml-made', { maxFavourites: 3, tools: ['github/list_issues'] }));
    expect(again.body.summary).toEqual({ create: 0, update: 0, unchanged: 1 });
    expect((await api.get('/api/projects/yaml-made/favourites')).body.version).toBe(3);
  });

  it('shows the diff on a dry run and writes nothing', async () => {
    const id = await createTestProject([], 'dry');
    const before = await exportOne(id);
    const edited = before.replace('maxFavourites: 15', 'maxFavourites: 4').replace('description: ""', 'description: Reviewed');
    const dry = await apply(`${edited}---\n${projectYaml('dry-new-project')}`, '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, summary: { create: 1, update: 1, unchanged: 0 } });
    expect(dry.body.basis).toMatch(/^sha256:[0-9a-f]{64}$/);
    const [update, create] = dry.body.projects;
    expect(update.changes).toEqual([
      { path: 'metadata.description', before: '', after: 'Reviewed' },
      { path: 'spec.favouriteIndex.maxFavourites', before: 15, after: 4 },
    ]);
    expect(update.diff).toContain('-    maxFavourites: 15\n+    maxFavourites: 4\n');
    expect(update.diff.startsWith(`--- current/${id}.yaml\n+++ applied/${id}.yaml\n@@ `)).toBe(true);
    expect(create).toMatchObject({ name: 'dry-new-project', action: 'create' });
    expect(create.diff).toContain('+  name: dry-new-project');

    expect(await exportOne(id)).toBe(before);
    expectEnvelope(await api.get('/api/projects/dry-new-project'), 404, 'PROJECT_NOT_FOUND');
  });

  it('warns by name about a favourite the catalog does not list, and applies it all the same', async () => {
    const id = await createTestProject(['github'], 'unlisted');
    const edited = (await exportOne(id)).replace('    tools: []', '    tools:\n      - github/create_issue\n      - nothere/nope');
    const dry = await apply(edited, '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.projects[0].warnings).toEqual([
      { path: 'spec.favouriteIndex.tools[1]', message: expect.stringMatching(/^nothere\/nope is not in the catalog/) },
    ]);
    const applied = await apply(edited);
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0].warnings).toHaveLength(1);
    expect((await api.get(`/api/projects/${id}/favourites`)).body.tools).toEqual(['github/create_issue', 'nothere/nope']);
    // A project the YAML creates has no catalog yet: every favourite is named.
    const created = await apply(projectYaml(`${id}-new`), '?dryRun=true');
    expect(created.body.projects[0].warnings.map((w: { message: string }) => w.message)).toEqual([
      expect.stringContaining('github/create_issue is not in the catalog (the project has no catalog yet)'),
      expect.stringContaining('github/list_issues'),
    ]);
  });

  it('applies exactly the reviewed plan: a basis that no longer holds is a 412 with the new diff', async () => {
    const id = await createTestProject([], 'basis');
    const edited = (await exportOne(id)).replace('maxFavourites: 15', 'maxFavourites: 6');
    const dry = await apply(edited, '?dryRun=1');
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });

    const stale = await apply(edited, '', { 'if-match': `"${dry.body.basis}"` });
    expectEnvelope(stale, 412, 'VERSION_MISMATCH');
    expect(stale.body.details.projects[0].favourites).toMatchObject({ removed: ['github/create_issue'] });
    expect((await api.get(`/api/projects/${id}/favourites`)).body).toMatchObject({ maxFavourites: 15, tools: ['github/create_issue'] });

    const fresh = await apply(edited, '', { 'if-match': stale.body.details.basis });
    expect(fresh.status).toBe(200);
    expect((await api.get(`/api/projects/${id}/favourites`)).body).toMatchObject({ maxFavourites: 6, tools: [] });
  });

  it('export → apply → export is byte-identical over many generated configurations', async () => {
    let run = 0;
    const configSets = fc.uniqueArray(projectConfigArb(projectIdArb), { minLength: 1, maxLength: 3, selector: (c) => c.id });
    await fc.assert(
      fc.asyncProperty(configSets, fc.array(projectConfigArb(fc.constant('x')), { minLength: 3, maxLength: 3 }), async (first, second) => {
        run++;
        // Never given more configs than `first` has (so initial[i] is there for each of them below).
        const named = (configs: ProjectConfig[]) => configs.map((c, i) => ({ ...c, id: `rt${run}-${first[i]!.id}` }));
        const initial = named(first);
        const changed = named(second.slice(0, first.length));
        const text = (configs: ProjectConfig[]) => stringifyProjectDocuments(configs.map(toProjectDocument));

        expect((await apply(text(initial))).body.summary.create).toBe(initial.length);
        const exported = (await Promise.all(initial.map((c) => exportOne(c.id)))).join('---\n');
        expect(exported).toBe(text(initial));

        // An update through YAML lands exactly as written, too; what its text leaves out stays.
        const update = await apply(text(changed));
        expect(update.status, update.text).toBe(200);
        const exportedAgain = (await Promise.all(changed.map((c) => exportOne(c.id)))).join('---\n');
        expect(exportedAgain).toBe(text(changed.map((c, i) => landed(initial[i]!, c))));

        // Applying an export changes nothing and writes no history.
        const versions = await Promise.all(changed.map(async (c) => (await api.get(`/api/projects/${c.id}/favourites`)).body.version));
        const reapplied = await apply(exportedAgain);
        expect(reapplied.body.summary).toEqual({ create: 0, update: 0, unchanged: changed.length });
        expect((await Promise.all(changed.map((c) => exportOne(c.id)))).join('---\n')).toBe(exportedAgain);
        const versionsAfter = await Promise.all(changed.map(async (c) => (await api.get(`/api/projects/${c.id}/favourites`)).body.version));
        expect(versionsAfter).toEqual(versions);
      }),
      { numRuns: 50 },
    );
  });
});
