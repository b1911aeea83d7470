import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { projectDocumentSchema, stringifyProjectDocuments, toProjectDocument } from './project-document';

const config = {
  id: 'myproj',
  description: 'Team agent: "k8s" & gitea',
  metaTools: ['search_tools'],
  retentionDays: 90,
  surface: { ...defaultSurfaceConfig(), agentTools: 56 },
  favourites: { enabled: true, maxFavourites: 15, tools: ['k8s/get_pods', 'gitea/create_pull_request'] },
};

describe('project YAML documents', () => {
  it('writes the §yaml shape and reads back to the same document', () => {
    const text = stringifyProjectDocuments([toProjectDocument(config)]);
    expect(text.startsWith('apiVersion: favindex/v1\nkind: Project\nmetadata:\n  name: myproj\n')).toBe(true);
    const reparsed = projectDocumentSchema.parse(parse(text));
    expect(reparsed).toEqual(toProjectDocument(config));
    expect(stringifyProjectDocuments([reparsed])).toBe(text);
  });

  it('writes test queries after retentionDays only when the project keeps some, and reads them back', () => {
    const kept = { ...config, testQueries: [{ query: 'open a pull request', tool: 'gitea/create_pull_request' }] };
    const text = stringifyProjectDocuments([toProjectDocument(kept)]);
    expect(text.endsWith('retentionDays: 90\n  testQueries:\n    - query: open a pull request\n      tool: gitea/create_pull_request\n')).toBe(true);
    expect(stringifyProjectDocuments([projectDocumentSchema.parse(parse(text))])).toBe(text);
    expect(stringifyProjectDocuments([toProjectDocument({ ...config, testQueries: [] })])).not.toContain('testQueries');
  });

  it('writes routers after the policy only when the project has some, keys in a fixed order, and reads them back', () => {
    const routers = {
      singletons: [{ reason: 'The only search over code: nothing of its shape.', tool: 'github/search_code' }],
      routers: [{ ops: [{ note: 'One pod: "name" #1', tool: 'k8s/get_pods', op: 'get' }], description: 'Read k8s: pods', name: 'k8s-read' }],
    };
    const text = stringifyProjectDocuments([toProjectDocument({ ...config, routers })]);
    expect(text).toContain(
      '  routers:\n    routers:\n      - name: k8s-read\n        description: "Read k8s: pods"\n        ops:\n          - op: get\n            tool: k8s/get_pods\n' +
        '            note: \'One pod: "name" #1\'\n    singletons:\n      - tool: github/search_code\n        reason: "The only search over code: nothing of its shape."\n  metaTools:',
    );
    expect(stringifyProjectDocuments([projectDocumentSchema.parse(parse(text))])).toBe(text);
    expect(stringifyProjectDocuments([toProjectDocument({ ...config, routers: { routers: [], singletons: [] } })])).not.toContain('routers');
  });

  it('separates several projects with ---', () => {
    const text = stringifyProjectDocuments([toProjectDocument(config), toProjectDocument({ ...config, id: 'other' })]);
    expect(text.split('\n---\n')).toHaveLength(2);
  });
});
