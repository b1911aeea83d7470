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

  it('separates several projects with ---', () => {
    const text = stringifyProjectDocuments([toProjectDocument(config), toProjectDocument({ ...config, id: 'other' })]);
    expect(text.split('\n---\n')).toHaveLength(2);
  });
});
