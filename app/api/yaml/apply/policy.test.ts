import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { MAX_POLICY_RULES } from '@/lib/schemas/policy';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { applyYaml as apply } from '@/test/yaml-documents';

setupTestDatabase();

const exportOne = async (id: string) => (await api.get(`/api/projects/${id}/yaml`)).text;

/** Rules with identities, globs, servers, annotations and notes, their keys sent in no particular order. */
const POLICY = {
  rules: [
    { note: 'CI never deletes', tools: ['memory/delete_*', 'github/merge_?ull_request'], identities: ['token:ci', 'client:claude-code'], effect: 'deny' },
    { annotations: { openWorldHint: false, readOnlyHint: true }, effect: 'allow', servers: ['mem*'], identities: ['client:cursor'] },
    { effect: 'deny', servers: ['memory'], note: 'the rest of memory is for people' },
  ],
  default: 'allow',
};

async function projectWithPolicy(): Promise<string> {
  const id = await createTestProject(['memory', 'github'], 'ypol');
  const saved = await api.put(`/api/projects/${id}/policy`, { json: { policy: POLICY } });
  expect(saved.status).toBe(200);
  return id;
}

describe('the tool policy in YAML (spec.policy)', () => {
  it('round-trips the largest policy a project may have, every field of every rule', async () => {
    const id = await createTestProject([], 'ypolmax');
    const rules = Array.from({ length: MAX_POLICY_RULES }, (_, i) => ({
      effect: i % 2 ? 'allow' : 'deny',
      identities: [`token:agent-${i}`, `client:client-${i}`],
      tools: [`server-${i}/delete_*`],
      servers: [`server-${i}`],
      annotations: { readOnlyHint: i % 3 === 0, destructiveHint: true, idempotentHint: false, openWorldHint: i % 2 === 0 },
      note: `rule ${i}`,
    }));
    expect((await api.put(`/api/projects/${id}/policy`, { json: { policy: { default: 'deny', rules } } })).status).toBe(200);
    const text = await exportOne(id);
    const applied = await apply(text);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.projects[0]).toMatchObject({ action: 'unchanged' });
    expect(await exportOne(id)).toBe(text);
    const tooMany = await api.put(`/api/projects/${id}/policy`, { json: { policy: { default: 'deny', rules: [...rules, rules[0]] } } });
    expect(tooMany.status).toBe(422);
    expect((await api.get(`/api/projects/${id}/policy`)).body.policy.rules).toHaveLength(MAX_POLICY_RULES);
  });

  it('exports the policy in a fixed key order, and export → apply → export is byte-identical', async () => {
    const id = await projectWithPolicy();
    const text = await exportOne(id);
    expect(text).toContain(
      [
        '  policy:',
        '    default: allow',
        '    rules:',
        '      - effect: deny',
        '        identities:',
        '          - token:ci',
        '          - client:claude-code',
        '        tools:',
        '          - memory/delete_*',
        '          - github/merge_?ull_request',
        '        note: CI never deletes',
        '      - effect: allow',
        '        identities:',
        '          - client:cursor',
        '        servers:',
        '          - mem*',
        '        annotations:',
        '          readOnlyHint: true',
        '          openWorldHint: false',
      ].join('\n'),
    );
    const applied = await apply(text);
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0]).toMatchObject({ action: 'unchanged', diff: '' });
    expect(await exportOne(id)).toBe(text);
    expect((await api.get(`/api/projects/${id}/policy`)).body.version).toBe(1);

    // The same document made into a new project carries the policy over, word for word.
    const copy = `${id}-copy`;
    const created = await apply(text.replace(`name: ${id}\n`, `name: ${copy}\n`));
    expect(created.body.projects[0].action).toBe('create');
    expect(await exportOne(copy)).toBe(text.replace(`name: ${id}\n`, `name: ${copy}\n`));
    expect((await api.get(`/api/projects/${copy}/policy/history`)).body.changes.map((c: { via: string }) => c.via)).toEqual(['yaml']);
  });

  it('writes no policy for the default; a document without spec.policy keeps it, and the default written out resets it, as one revision with the favourites', async () => {
    const plain = await createTestProject([], 'ypol');
    expect(await exportOne(plain)).not.toContain('policy');

    const id = await projectWithPolicy();
    const doc = parse(await exportOne(id));
    delete doc.spec.policy;
    doc.spec.favouriteIndex.tools = ['memory/read_graph'];
    const kept = await apply(stringify(doc), '?dryRun=true');
    expect(kept.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(['spec.favouriteIndex.tools']);

    doc.spec.policy = { default: 'allow', rules: [] };
    const plan = await apply(stringify(doc), '?dryRun=true');
    expect(plan.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(
      expect.arrayContaining(['spec.favouriteIndex.tools', 'spec.policy.default', 'spec.policy.rules']),
    );
    expect(plan.body.projects[0].diff).toContain('-  policy:');

    expect((await apply(stringify(doc))).status).toBe(200);
    expect((await api.get(`/api/projects/${id}/policy`)).body).toMatchObject({ version: 2, policy: { default: 'allow', rules: [] } });
    const history = (await api.get(`/api/projects/${id}/policy/history`)).body;
    expect(history.changes[0]).toMatchObject({ version: 2, via: 'yaml', after: { default: 'allow', rules: [] } });
    const revisions = (await api.get(`/api/projects/${id}/impact`)).body.revisions;
    expect(revisions.at(-1)).toMatchObject({ changed: ['favourites', 'policy'], via: 'yaml' });
    expect(revisions.filter((r: { via: string }) => r.via === 'yaml')).toHaveLength(1);
  });

  it('warns of a rule that matches no catalog tool and of a token the project has none of, and applies it all the same', async () => {
    const id = await createTestProject(['memory'], 'ypol');
    const doc = parse(await exportOne(id));
    doc.spec.policy = { default: 'allow', rules: [{ effect: 'deny', identities: ['token:nightly'], tools: ['memroy/*'] }] };
    const applied = await apply(stringify(doc));
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0].warnings).toEqual([
      { path: 'spec.policy.rules[0]', message: expect.stringContaining('no tool of the catalog matches it') },
      { path: 'spec.policy.rules[0].identities[0]', message: expect.stringContaining("no token 'nightly'") },
    ]);
    expect((await api.get(`/api/projects/${id}/policy`)).body.policy.rules).toEqual(doc.spec.policy.rules);
  });
});
