import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { applyYaml as apply, projectYaml } from '@/test/yaml-documents';

setupTestDatabase();

type Where = { document?: number; line: number; column: number; path: string };
type Case = { name: string; text: (id: string) => string; status: number; code: string; where?: Where; message?: RegExp };

/** A document the parser refuses (400 YAML_MALFORMED). */
const malformed = (name: string, text: Case['text'], extra: Pick<Case, 'where' | 'message'> = {}): Case => ({
  name,
  text,
  status: 400,
  code: 'YAML_MALFORMED',
  ...extra,
});
/** A document that parses but is not a valid project (422 YAML_INVALID). */
const invalid = (name: string, text: Case['text'], extra: Pick<Case, 'where' | 'message'> = {}): Case => ({
  name,
  text,
  status: 422,
  code: 'YAML_INVALID',
  ...extra,
});
const at = (line: number, column: number, path: string, document?: number): Where => ({ line, column, path, ...(document ? { document } : {}) });

/** Nine levels of nine aliases each: a billion laughs if expanded. */
function billionLaughs(): string {
  const letter = (i: number) => String.fromCharCode(97 + i);
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++)
    lines.push(
      `${letter(i)}: &${letter(i)} [${Array(9)
        .fill(`*${letter(i - 1)}`)
        .join(',')}]`,
    );
  return `${lines.join('\n')}\n`;
}

const CASES: Case[] = [
  malformed('a syntax error', (id) => projectYaml(id).replace('metadata:\n', 'metadata: {\n'), { where: at(4, 9, '') }),
  malformed('a duplicate key', (id) => projectYaml(id).replace('kind: Project\n', 'kind: Project\nkind: Project\n'), {
    where: at(3, 1, ''),
    message: /unique/,
  }),
  malformed('an alias bomb', billionLaughs, { message: /aliases may expand to at most 100/ }),
  malformed('collections nested 100 deep', (id) => `${projectYaml(id)}extra: ${'['.repeat(100)}${']'.repeat(100)}\n`, { message: /nested more than 32/ }),
  malformed('a custom tag', (id) => projectYaml(id).replace('agentTools: 12', 'agentTools: !!js/function "return 1"'), { message: /Unresolved tag/ }),
  invalid('an unknown apiVersion', (id) => projectYaml(id).replace('favindex/v1', 'favindex/v2'), {
    where: at(1, 13, 'apiVersion'),
    message: /"favindex\/v2" is not supported/,
  }),
  invalid('an unknown kind', (id) => projectYaml(id).replace('kind: Project', 'kind: Cluster'), { where: at(2, 7, 'kind') }),
  invalid('a list instead of a document', () => '- apiVersion: favindex/v1\n', { where: at(1, 1, '') }),
  invalid('more favourites than maxFavourites', (id) => projectYaml(id, { maxFavourites: 1 }), {
    where: at(10, 12, 'spec.favouriteIndex.tools'),
    message: /2 favourites exceed maxFavourites 1/,
  }),
  invalid('a favourite that is not server/tool', (id) => projectYaml(id, { tools: ['github/a', 'create_issue'] }), {
    where: at(10, 23, 'spec.favouriteIndex.tools[1]'),
  }),
  invalid('a favourite listed twice', (id) => projectYaml(id, { tools: ['github/a', 'github/a'] }), { where: at(10, 23, 'spec.favouriteIndex.tools[1]') }),
  invalid('maxFavourites past 128', (id) => projectYaml(id, { maxFavourites: 500 }), { where: at(9, 20, 'spec.favouriteIndex.maxFavourites') }),
  invalid('an unknown field', (id) => projectYaml(id).replace('  surface:\n', '  colour: red\n  surface:\n'), { where: at(11, 3, 'spec.colour') }),
  invalid('a name that is not a slug', () => projectYaml('Not_A_Slug'), { where: at(4, 9, 'metadata.name') }),
  invalid('a U+0000 in a string', (id) => projectYaml(id, { description: 'a\u0000b' }), { where: at(5, 16, 'metadata.description') }),
  invalid('a leading byte-order mark in a string', (id) => projectYaml(id, { description: '\ufeffnote' }), {
    where: at(5, 16, 'metadata.description'),
    message: /U\+FEFF/,
  }),
  invalid('the same project twice', (id) => `${projectYaml(id)}---\n${projectYaml(id)}`, {
    where: at(19, 9, 'metadata.name', 2),
    message: /already defined by document 1/,
  }),
  invalid(
    'a valid document followed by an invalid one',
    (id) => `${projectYaml(id, { maxFavourites: 9 })}---\n${projectYaml('fresh-project', { maxFavourites: 0 })}`,
    {
      where: at(24, 20, 'spec.favouriteIndex.maxFavourites', 2),
    },
  ),
  invalid('no documents', () => '# nothing here\n', { message: /no documents/ }),
  invalid('more than 1,000 documents', (id) => Array.from({ length: 1001 }, () => projectYaml(id)).join('---\n'), { message: /more than 1000 documents/ }),
  { name: 'a body over 1 MiB', text: (id) => `${projectYaml(id)}# ${'x'.repeat(1024 * 1024)}\n`, status: 413, code: 'PAYLOAD_TOO_LARGE' },
];

describe('YAML apply refuses malformed documents, names where, and writes nothing', () => {
  it.each(CASES)('$name → $status $code', async ({ text, status, code, where, message }) => {
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
