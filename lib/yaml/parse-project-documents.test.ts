import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { projectConfigArb, projectIdArb } from '@/test/project-arbitraries';
import { parseProjectDocuments, type YamlIssue } from './parse-project-documents';
import { stringifyProjectDocuments, toProjectDocument } from './project-document';

const VALID = `apiVersion: favindex/v1
kind: Project
metadata:
  name: myproj
  description: ""
spec:
  favouriteIndex:
    enabled: true
    maxFavourites: 2
    tools:
      - k8s/get_pods
      - gitea/create_pull_request
  surface:
    mode: favindex
    target: openai
    agentTools: 56
    instruction: Prefer favourites.
    limits:
      maxToolsPerRequest: 120
      maxActivatedToolsPerSession: 40
      maxPinnedServers: 3
      retrieveK: 10
  metaTools: []
  retentionDays: null
`;

function failure(text: string): { code: string; status: number; issues: YamlIssue[] } {
  try {
    parseProjectDocuments(text);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { code: err.code, status: err.status, issues: err.details as YamlIssue[] };
  }
  throw new Error('expected the YAML to be refused');
}

describe('parseProjectDocuments', () => {
  it('reads the §yaml example, filling defaults', () => {
    const [doc] = parseProjectDocuments(
      'apiVersion: favindex/v1\nkind: Project\nmetadata: {name: myproj}\nspec:\n  favouriteIndex: {tools: [k8s/get_pods]}\n  surface: {agentTools: 56}\n',
    );
    if (!doc) throw new Error('one document was parsed');
    expect(doc.spec.favouriteIndex).toEqual({ enabled: true, maxFavourites: 15, tools: ['k8s/get_pods'] });
    expect(doc.spec.surface).toMatchObject({ mode: 'favindex', agentTools: 56, limits: { maxToolsPerRequest: 120 } });
    expect(doc.metadata.description).toBe('');
  });

  it('points at the line and column of a bad value, with its path', () => {
    const { code, issues } = failure(VALID.replace('maxFavourites: 2', 'maxFavourites: many'));
    expect(code).toBe('YAML_INVALID');
    expect(issues).toEqual([expect.objectContaining({ document: 1, line: 9, column: 20, path: 'spec.favouriteIndex.maxFavourites' })]);
  });

  it('points at an unknown key itself, and a missing one at its map', () => {
    const unknown = failure(VALID.replace('    enabled: true\n', '    enabled: true\n    colour: red\n'));
    expect(unknown.issues[0]).toMatchObject({ line: 9, column: 5, path: 'spec.favouriteIndex.colour', message: "unknown field 'colour'" });
    const missing = failure(VALID.replace('metadata:\n  name: myproj\n  description: ""\n', 'metadata:\n  description: x\n  name2: y\n'));
    // The misspelt key is what the person wrote, so it leads; the missing field it causes follows, at its map.
    expect(missing.issues.map((i) => i.path)).toEqual(['metadata.name2', 'metadata.name']);
    expect(missing.issues[0]).toMatchObject({ line: 5, column: 3, message: "unknown field 'name2': did you mean 'name'?" });
    expect(missing.issues[1]).toMatchObject({ line: 4, column: 3, message: 'name is required (string)' });
  });

  it('leads with the typo, not the missing field it causes, and names the typo where it is written', () => {
    const { issues } = failure(VALID.replace('spec:\n', 'spc:\n'));
    expect(issues[0]).toMatchObject({ line: 6, column: 1, path: 'spc', message: "unknown field 'spc': did you mean 'spec'?" });
    expect(issues[1]).toMatchObject({ line: 1, column: 1, path: 'spec', message: 'spec is required (object)' });
    let headline = '';
    try {
      parseProjectDocuments(VALID.replace('spec:\n', 'spc:\n'));
    } catch (err) {
      headline = (err as Error).message;
    }
    expect(headline).toBe(
      "the YAML is not a valid favindex project set: document 1, line 6, column 1, spc: unknown field 'spc': did you mean 'spec'? (and 1 more)",
    );
  });

  it('orders two written mistakes as they appear in the document', () => {
    // retentionDays written above the surface: the schema checks it later, the person reads it first.
    const reordered = VALID.replace('  metaTools: []\n  retentionDays: null\n', '').replace('spec:\n', 'spec:\n  metaTools: []\n  retentionDays: 0\n');
    const { issues } = failure(reordered.replace('mode: favindex', 'mode: lazzy'));
    expect(issues.map((i) => [i.line, i.path])).toEqual([
      [8, 'spec.retentionDays'],
      [16, 'spec.surface.mode'],
    ]);
  });

  it('locates issues in later documents by their own lines', () => {
    const text = `${VALID}---\n${VALID.replace('myproj', 'second').replace('      - k8s/get_pods', '      - not-canonical')}`;
    const { issues } = failure(text);
    expect(issues).toEqual([expect.objectContaining({ document: 2, line: 25 + 11, column: 9, path: 'spec.favouriteIndex.tools[0]' })]);
  });

  it('round-trips every exported configuration through the parser unchanged', () => {
    fc.assert(
      fc.property(fc.uniqueArray(projectConfigArb(projectIdArb), { minLength: 1, maxLength: 3, selector: (c) => c.id }), (configs) => {
        const text = stringifyProjectDocuments(configs.map(toProjectDocument));
        const parsed = parseProjectDocuments(text);
        expect(parsed).toEqual(configs.map(toProjectDocument));
        expect(stringifyProjectDocuments(parsed)).toBe(text);
      }),
      { numRuns: 300 },
    );
    // 300 documents through the YAML parser and back: seconds on a busy machine, so it gets room.
  }, 30_000);
});
