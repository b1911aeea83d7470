import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyProjectDocuments, toProjectDocument, type ProjectConfig } from '@/lib/yaml/project-document';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { projectConfigArb, projectIdArb } from '@/test/project-arbitraries';

setupTestDatabase();

const YAML = { 'content-type': 'application/yaml' };
const apply = (text: string, query = '', headers: Record<string, string> = {}) =>
  api.post(`/api/yaml/apply${query}`, { body: text, headers: { ...YAML, ...headers } });
const exportOne = async (id: string) => (await api.get(`/api/projects/${id}/yaml`)).text;

function projectYaml(name: string, spec: { maxFavourites?: number; tools?: string[]; description?: string } = {}): string {
  const tools = spec.tools ?? ['github/create_issue', 'github/list_issues'];
  return `apiVersion: favindex/v1
kind: Project
metadata:
  name: ${name}
  description: ${JSON.stringify(spec.description ?? 'from yaml')}
spec:
  favouriteIndex:
    enabled: true
    maxFavourites: ${spec.maxFavourites ?? 5}
    tools: [${tools.join(', ')}]
  surface:
    mode: favindex
    target: openai
    agentTools: 12
`;
}

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
        // Never given more configs than `first` has.
        const named = (configs: ProjectConfig[]) => configs.map((c, i) => ({ ...c, id: `rt${run}-${first[i]!.id}` }));
        const initial = named(first);
        const changed = named(second.slice(0, first.length));
        const text = (configs: ProjectConfig[]) => stringifyProjectDocuments(configs.map(toProjectDocument));

        expect((await apply(text(initial))).body.summary.create).toBe(initial.length);
        const exported = (await Promise.all(initial.map((c) => exportOne(c.id)))).join('---\n');
        expect(exported).toBe(text(initial));

        // An update through YAML lands exactly as written, too.
        const update = await apply(text(changed));
        expect(update.status).toBe(200);
        const exportedAgain = (await Promise.all(changed.map((c) => exportOne(c.id)))).join('---\n');
        expect(exportedAgain).toBe(text(changed));

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

describe('YAML apply refuses malformed documents, names where, and writes nothing', () => {
  const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++)
    laughs.push(
      `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(',')}]`,
    );
  const bomb = `${laughs.join('\n')}\n`;

  type Case = {
    name: string;
    text: (id: string) => string;
    status: number;
    code: string;
    where?: { document?: number; line: number; column: number; path: string };
    message?: RegExp;
  };
  const cases: Case[] = [
    {
      name: 'a syntax error',
      text: (id) => projectYaml(id).replace('metadata:\n', 'metadata: {\n'),
      status: 400,
      code: 'YAML_MALFORMED',
      where: { line: 4, column: 9, path: '' },
    },
    {
      name: 'a duplicate key',
      text: (id) => projectYaml(id).replace('kind: Project\n', 'kind: Project\nkind: Project\n'),
      status: 400,
      code: 'YAML_MALFORMED',
      where: { line: 3, column: 1, path: '' },
      message: /unique/,
    },
    { name: 'an alias bomb', text: () => bomb, status: 400, code: 'YAML_MALFORMED', message: /aliases may expand to at most 100/ },
    {
      name: 'collections nested 100 deep',
      text: (id) => `${projectYaml(id)}extra: ${'['.repeat(100)}${']'.repeat(100)}\n`,
      status: 400,
      code: 'YAML_MALFORMED',
      message: /nested more than 32/,
    },
    {
      name: 'a custom tag',
      text: (id) => projectYaml(id).replace('agentTools: 12', 'agentTools: !!js/function "return 1"'),
      status: 400,
      code: 'YAML_MALFORMED',
      message: /Unresolved tag/,
    },
    {
      name: 'an unknown apiVersion',
      text: (id) => projectYaml(id).replace('favindex/v1', 'favindex/v2'),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 1, column: 13, path: 'apiVersion' },
      message: /"favindex\/v2" is not supported/,
    },
    {
      name: 'an unknown kind',
      text: (id) => projectYaml(id).replace('kind: Project', 'kind: Cluster'),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 2, column: 7, path: 'kind' },
    },
    {
      name: 'a list instead of a document',
      text: () => '- apiVersion: favindex/v1\n',
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 1, column: 1, path: '' },
    },
    {
      name: 'more favourites than maxFavourites',
      text: (id) => projectYaml(id, { maxFavourites: 1 }),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 10, column: 12, path: 'spec.favouriteIndex.tools' },
      message: /2 favourites exceed maxFavourites 1/,
    },
    {
      name: 'a favourite that is not server/tool',
      text: (id) => projectYaml(id, { tools: ['github/a', 'create_issue'] }),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 10, column: 23, path: 'spec.favouriteIndex.tools[1]' },
    },
    {
      name: 'a favourite listed twice',
      text: (id) => projectYaml(id, { tools: ['github/a', 'github/a'] }),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 10, column: 23, path: 'spec.favouriteIndex.tools[1]' },
    },
    {
      name: 'maxFavourites past 128',
      text: (id) => projectYaml(id, { maxFavourites: 500 }),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 9, column: 20, path: 'spec.favouriteIndex.maxFavourites' },
    },
    {
      name: 'an unknown field',
      text: (id) => projectYaml(id).replace('  surface:\n', '  colour: red\n  surface:\n'),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 11, column: 3, path: 'spec.colour' },
    },
    {
      name: 'a name that is not a slug',
      text: () => projectYaml('Not_A_Slug'),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 4, column: 9, path: 'metadata.name' },
    },
    {
      name: 'a U+0000 in a string',
      text: (id) => projectYaml(id, { description: 'a\u0000b' }),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 5, column: 16, path: 'metadata.description' },
    },
    {
      name: 'a leading byte-order mark in a string',
      text: (id) => projectYaml(id, { description: '\ufeffnote' }),
      status: 422,
      code: 'YAML_INVALID',
      where: { line: 5, column: 16, path: 'metadata.description' },
      message: /U\+FEFF/,
    },
    {
      name: 'the same project twice',
      text: (id) => `${projectYaml(id)}---\n${projectYaml(id)}`,
      status: 422,
      code: 'YAML_INVALID',
      where: { document: 2, line: 19, column: 9, path: 'metadata.name' },
      message: /already defined by document 1/,
    },
    {
      name: 'a valid document followed by an invalid one',
      text: (id) => `${projectYaml(id, { maxFavourites: 9 })}---\n${projectYaml('fresh-project', { maxFavourites: 0 })}`,
      status: 422,
      code: 'YAML_INVALID',
      where: { document: 2, line: 24, column: 20, path: 'spec.favouriteIndex.maxFavourites' },
    },
    { name: 'no documents', text: () => '# nothing here\n', status: 422, code: 'YAML_INVALID', message: /no documents/ },
    {
      name: 'more than 1,000 documents',
      text: (id) => Array.from({ length: 1001 }, () => projectYaml(id)).join('---\n'),
      status: 422,
      code: 'YAML_INVALID',
      message: /more than 1000 documents/,
    },
    { name: 'a body over 1 MiB', text: (id) => `${projectYaml(id)}# ${'x'.repeat(1024 * 1024)}\n`, status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ];

  it.each(cases)('$name → $status $code', async ({ text, status, code, where, message }) => {
    const id = await createTestProject([], 'bad');
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/keep' } });
    const before = (await api.get('/api/yaml')).text;
    const res = await apply(text(id));
    expectEnvelope(res, status, code);
    if (where) expect(res.body.details[0]).toMatchObject({ document: 1, ...where });
    if (message) expect(res.body.message).toMatch(message);
    expect((await api.get('/api/yaml')).text).toBe(before);
    expect((await api.get(`/api/projects/${id}/favourites`)).body.version).toBe(2);
    expectEnvelope(await api.get('/api/projects/fresh-project'), 404, 'PROJECT_NOT_FOUND');
  });

  it('refuses other media types, a bad dryRun flag and a bad basis', async () => {
    const id = await createTestProject([], 'media');
    expectEnvelope(await api.post('/api/yaml/apply', { json: { apiVersion: 'favindex/v1' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectEnvelope(await apply(projectYaml(id), '?dryRun=perhaps'), 400, 'INVALID_PARAMETER');
    expectEnvelope(await apply(projectYaml(id), '', { 'if-match': '"7"' }), 400, 'MALFORMED_REQUEST');
    expect((await api.get(`/api/projects/${id}`)).body.description).toBe('');
  });
});
