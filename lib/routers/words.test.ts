import { describe, expect, it } from 'vitest';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { routersTool } from '@/test/routers-catalog';
import { catalogFeatures } from './features';
import { shapeOf, shapeSimilarity } from './shape';
import { nameWords, pluralPhrase, singular } from './words';

describe("a tool name's verb and nouns", () => {
  it('reads snake, camel and kebab names alike, nouns singular', () => {
    expect(nameWords('list_issues')).toEqual({ words: ['list', 'issues'], verb: 'list', nouns: ['issue'] });
    expect(nameWords('getPullRequestFiles')).toEqual({ words: ['get', 'pull', 'request', 'files'], verb: 'get', nouns: ['pull', 'request', 'file'] });
    expect(nameWords('get-tiny-image').nouns).toEqual(['tiny', 'image']);
    expect(nameWords('search_repositories').nouns).toEqual(['repository']);
  });

  it('leaves out fillers and a second verb joined by or, and takes no unknown first word for a verb', () => {
    expect(nameWords('create_or_update_file')).toMatchObject({ verb: 'create', nouns: ['file'] });
    expect(nameWords('list_directory_with_sizes').nouns).toEqual(['directory', 'size']);
    expect(nameWords('read_multiple_files').nouns).toEqual(['file']);
    expect(nameWords('directory_tree')).toMatchObject({ verb: null, nouns: ['directory', 'tree'] });
  });

  it('keeps words that end in s in the singular, and writes phrases in the plural', () => {
    expect(['status', 'address', 'analysis', 'branches', 'entities', 'sizes'].map(singular)).toEqual([
      'status',
      'address',
      'analysis',
      'branch',
      'entity',
      'size',
    ]);
    expect(pluralPhrase(['pull', 'request'])).toBe('pull requests');
    expect(pluralPhrase(['repository'])).toBe('repositories');
    expect(pluralPhrase(['branch'])).toBe('branches');
  });

  it("drops a server's prefix that nearly every tool name starts with, so jira_get_issue reads as get issue", () => {
    const tools = ['jira_get_issue', 'jira_list_issues', 'jira_create_issue', 'jira_get_project', 'jira_list_projects'].map((n) => routersTool(n, n, {}));
    const features = catalogFeatures(prepareCatalog([{ name: 'jira', tools }])).all;
    expect(features.map((f) => [f.verb, f.topic])).toEqual([
      ['get', 'issue'],
      ['list', 'issue'],
      ['create', 'issue'],
      ['get', 'project'],
      ['list', 'project'],
    ]);
  });

  it('picks as topic the noun most tools of the server name', () => {
    const tools = ['get_pull_request', 'list_pull_requests', 'get_pull_request_files', 'get_file_contents'].map((n) => routersTool(n, n, {}));
    expect(catalogFeatures(prepareCatalog([{ name: 'gh', tools }])).all.map((f) => f.topic)).toEqual(['pull', 'pull', 'pull', 'file']);
  });
});

describe('input shapes', () => {
  const string = { type: 'string' };
  const number = { type: 'number' };

  it('are one shape under either spelling of a property, and alike by the share of properties they have in common', () => {
    const a = shapeOf(routersTool('a', 'a', { query: string, perPage: number }));
    const b = shapeOf(routersTool('b', 'b', { query: string, per_page: number }));
    const c = shapeOf(routersTool('c', 'c', { query: string, per_page: number, sort: string, order: string }));
    expect(shapeSimilarity(a, b)).toBe(1);
    expect(shapeSimilarity(a, c)).toBe(0.5);
    expect(shapeSimilarity(a, shapeOf(routersTool('d', 'd', { query: number, per_page: number })))).toBe(1 / 3);
    expect(shapeSimilarity(shapeOf(routersTool('e', 'e', {})), shapeOf(routersTool('f', 'f', {})))).toBe(1);
  });

  it('count output properties too', () => {
    const withOutput = { ...routersTool('a', 'a', { path: string }), outputSchema: { type: 'object', properties: { content: string } } };
    expect(shapeOf(withOutput).marks).toEqual(['out.content:string', 'path:string']);
    expect(shapeSimilarity(shapeOf(withOutput), shapeOf(routersTool('b', 'b', { path: string })))).toBe(0.5);
  });
});
