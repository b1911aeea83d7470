import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { applyYaml as apply } from '@/test/yaml-documents';

setupTestDatabase();

const exportOne = async (id: string) => (await api.get(`/api/projects/${id}/yaml`)).text;
const routersOf = async (id: string) => (await api.get(`/api/projects/${id}/routers`)).body;

/** Routers with their keys sent in no particular order: the export writes them in one. */
const ROUTERS = {
  singletons: [{ reason: 'The one tool over the knowledge graph as a whole.', tool: 'memory/read_graph' }],
  routers: [
    {
      ops: [
        { note: 'One issue by its number.', op: 'get', tool: 'github/get_issue' },
        { tool: 'github/list_issues', op: 'list', note: 'Issues of a repository, filtered.' },
      ],
      description: 'Read GitHub issues: one, or a filtered list.',
      name: 'issues',
    },
  ],
};

async function projectWithRouters(): Promise<string> {
  const id = await createTestProject(['memory', 'github'], 'yrout');
  expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);
  return id;
}

describe('the routers in YAML (spec.routers)', () => {
  it('exports them in a fixed key order, and export → apply → export is byte-identical', async () => {
    const id = await projectWithRouters();
    const text = await exportOne(id);
    expect(text).toContain(
      [
        '  routers:',
        '    routers:',
        '      - name: issues',
        '        description: "Read GitHub issues: one, or a filtered list."',
        '        ops:',
        '          - op: get',
        '            tool: github/get_issue',
        '            note: One issue by its number.',
        '          - op: list',
        '            tool: github/list_issues',
        '            note: Issues of a repository, filtered.',
        '    singletons:',
        '      - tool: memory/read_graph',
        '        reason: The one tool over the knowledge graph as a whole.',
        '  metaTools: []',
      ].join('\n'),
    );
    const applied = await apply(text);
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0]).toMatchObject({ action: 'unchanged', diff: '' });
    expect(await exportOne(id)).toBe(text);
    expect((await routersOf(id)).version).toBe(1);

    // The same document made into a new project carries the routers over, word for word.
    const copy = `${id}-copy`;
    const created = await apply(text.replace(`name: ${id}\n`, `name: ${copy}\n`));
    expect(created.body.projects[0].action).toBe('create');
    expect(await exportOne(copy)).toBe(text.replace(`name: ${id}\n`, `name: ${copy}\n`));
    expect((await api.get(`/api/projects/${copy}/routers/history`)).body.changes.map((c: { via: string }) => c.via)).toEqual(['yaml']);
  });

  it('writes none for a project without routers; a document without spec.routers keeps them; empty ones clear them, as one revision with the favourites', async () => {
    const plain = await createTestProject([], 'yrout');
    expect(await exportOne(plain)).not.toContain('routers');

    const id = await projectWithRouters();
    const doc = parse(await exportOne(id));
    delete doc.spec.routers;
    doc.spec.favouriteIndex.tools = ['memory/search_nodes'];
    const kept = await apply(stringify(doc));
    expect(kept.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(['spec.favouriteIndex.tools']);
    expect(await routersOf(id)).toMatchObject({ version: 1, ...ROUTERS });

    // A mapping names only what it changes: the singletons go, the routers stay.
    doc.spec.routers = { singletons: [] };
    const partial = await apply(stringify(doc));
    expect(partial.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(['spec.routers.singletons']);
    expect(await routersOf(id)).toMatchObject({ version: 2, routers: ROUTERS.routers, singletons: [] });

    doc.spec.routers = { routers: [], singletons: [] };
    doc.spec.favouriteIndex.tools = ['memory/read_graph'];
    const plan = await apply(stringify(doc), '?dryRun=true');
    expect(plan.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual([
      'spec.favouriteIndex.tools',
      'spec.routers.routers',
      'spec.routers.singletons',
    ]);
    expect(plan.body.projects[0].diff).toContain('-  routers:');
    expect((await apply(stringify(doc))).status).toBe(200);
    expect(await routersOf(id)).toMatchObject({ version: 3, routers: [], singletons: [] });
    expect(await exportOne(id)).not.toContain('routers');
    const history = (await api.get(`/api/projects/${id}/routers/history`)).body.changes;
    expect(history.map((c: { via: string }) => c.via)).toEqual(['yaml', 'yaml', 'api']);
    const revisions = (await api.get(`/api/projects/${id}/impact`)).body.revisions;
    expect(revisions.at(-1)).toMatchObject({ changed: ['favourites', 'routers'], via: 'yaml' });

    // Empty routers written out to a project without any change nothing.
    const none = parse(await exportOne(plain));
    none.spec.routers = { routers: [], singletons: [] };
    expect((await apply(stringify(none), '?dryRun=true')).body.projects[0]).toMatchObject({ action: 'unchanged' });
  });

  it('warns of a tool the catalog does not list and applies it all the same', async () => {
    const id = await createTestProject(['memory'], 'yrout');
    const doc = parse(await exportOne(id));
    doc.spec.routers = { routers: [{ name: 'graph', description: 'The graph', ops: [{ op: 'read', tool: 'memroy/read_graph', note: 'All of it' }] }] };
    const applied = await apply(stringify(doc));
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0].warnings).toEqual([
      {
        path: 'spec.routers.routers[0].ops[0].tool',
        message:
          'memroy/read_graph is not in the catalog (its catalog does not list it): it is kept as op read of graph, but no client gets it until a catalog lists it. Check the spelling.',
      },
    ]);
    expect((await routersOf(id)).missingFromCatalog).toEqual(['memroy/read_graph']);
  });

  it('refuses a tool in two places with its line and path, and changes nothing', async () => {
    const id = await projectWithRouters();
    const text = await exportOne(id);
    const doc = parse(text);
    doc.spec.routers.singletons.push({ tool: 'github/get_issue', reason: 'Twice.' });
    doc.spec.routers.routers[0].ops.push({ op: 'list_ops', tool: 'github/search_issues', note: 'Reserved.' });
    const refused = await apply(stringify(doc));
    expectEnvelope(refused, 422, 'YAML_INVALID');
    expect(refused.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'spec.routers.routers[0].ops[2].op', message: "list_ops is every router's own op", line: expect.any(Number) }),
        expect.objectContaining({ path: 'spec.routers.singletons[1].tool', message: expect.stringContaining('already op get of router issues') }),
      ]),
    );
    expect(await exportOne(id)).toBe(text);
    expect((await routersOf(id)).version).toBe(1);
  });
});
