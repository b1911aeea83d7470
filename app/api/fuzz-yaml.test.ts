import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';

/**
 * Property-based YAML apply (§yaml): valid documents, documents with a field broken, and text
 * mangled on the way. The answer is a result or the envelope, never a 500, and a refused apply
 * (or a dry run) leaves every project exactly as it was: never a partial batch.
 */
setupTestDatabase();

const NAMES = ['fz-a', 'fz-b', 'fz-c'];
const TOOLS = ['github/create_issue', 'github/list_issues', 'filesystem/read_file', 'memory/create_entities', 'k8s/get_pods'];

const validDocument = fc
  .record({
    name: fc.constantFrom(...NAMES),
    description: fc.string({ maxLength: 60 }),
    max: fc.integer({ min: 1, max: 10 }),
    tools: fc.uniqueArray(fc.constantFrom(...TOOLS), { maxLength: 5 }),
    enabled: fc.boolean(),
    mode: fc.constantFrom(...SURFACE_MODES),
    target: fc.constantFrom('openai', 'gemini', 'cursor', 'anthropic'),
    agentTools: fc.integer({ min: 0, max: 60 }),
  })
  .map(({ name, description, max, tools, enabled, mode, target, agentTools }) => ({
    apiVersion: 'favindex/v1',
    kind: 'Project',
    metadata: { name, description },
    spec: {
      favouriteIndex: { enabled, maxFavourites: Math.max(max, tools.length), tools },
      surface: { mode, target, agentTools },
    },
  }));

/** Replace (or add) one field anywhere in the document with anything at all. */
const brokenDocument = fc
  .tuple(
    validDocument,
    fc.constantFrom(
      'apiVersion',
      'kind',
      'metadata',
      'metadata.name',
      'metadata.description',
      'spec',
      'spec.favouriteIndex',
      'spec.favouriteIndex.tools',
      'spec.favouriteIndex.maxFavourites',
      'spec.surface.mode',
      'spec.surface.limits',
      'spec.extra',
      'spec.retentionDays',
      'spec.metaTools',
    ),
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(null, -1, 0, 129, 1e9, '', 'x'.repeat(3_000), ['a/b', 'a/b']),
    ),
  )
  .map(([doc, path, value]) => {
    const copy = structuredClone(doc) as Record<string, any>;
    const keys = path.split('.');
    let node = copy;
    for (const key of keys.slice(0, -1)) node = node[key] = node[key] && typeof node[key] === 'object' ? node[key] : {};
    node[keys.at(-1)!] = value;
    return copy;
  });

const text = fc
  .tuple(
    // Distinct names mostly (a repeated name is its own refusal, and one is enough of those).
    fc.uniqueArray(fc.oneof({ arbitrary: validDocument, weight: 3 }, { arbitrary: brokenDocument, weight: 1 }), {
      minLength: 1,
      maxLength: 3,
      selector: (d) => JSON.stringify((d as { metadata?: { name?: unknown } }).metadata?.name),
    }),
    fc.oneof(
      { arbitrary: fc.constant({ kind: 'none' as const }), weight: 8 },
      { arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }), weight: 1 },
      {
        arbitrary: fc.record({
          kind: fc.constant('insert' as const),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          what: fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('\t', ': ', '- ', '&a ', '*a', '!!binary ', '{', '[', '\u0000', '\ufeff', '\n---\n', '%YAML 1.1\n'),
          ),
        }),
        weight: 2,
      },
      { arbitrary: fc.record({ kind: fc.constant('bomb' as const), depth: fc.integer({ min: 3, max: 12 }) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('nest' as const), depth: fc.integer({ min: 20, max: 5_000 }) }), weight: 1 },
    ),
  )
  .map(([docs, mangle]) => {
    let out = docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');
    if (mangle.kind === 'truncate') out = out.slice(0, Math.floor(out.length * mangle.at));
    if (mangle.kind === 'insert') {
      const at = Math.floor(out.length * mangle.at);
      out = out.slice(0, at) + mangle.what + out.slice(at);
    }
    if (mangle.kind === 'bomb') {
      // Each level refers to the one before it ten times: 10^depth nodes if expanded.
      const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
      for (let i = 1; i <= mangle.depth; i++)
        levels.push(
          `a${i}: &a${i} [${Array(10)
            .fill(`*a${i - 1}`)
            .join(', ')}]`,
        );
      out += `---\n${levels.join('\n')}\n`;
    }
    if (mangle.kind === 'nest') out += `---\napiVersion: favindex/v1\nkind: Project\nmetadata: ${'['.repeat(mangle.depth)}${']'.repeat(mangle.depth)}\n`;
    return { body: out, mangle: mangle.kind, documents: docs.length };
  });

async function exported(): Promise<string> {
  const res = await api.get('/api/yaml');
  expect(res.status).toBe(200);
  return res.text;
}

describe('YAML apply fuzzing', () => {
  it('never answers a 500, and applies all documents or none', async () => {
    let applied = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(text, fc.boolean(), async ({ body }, dryRun) => {
        const before = await exported();
        const res = await api.post(`/api/yaml/apply${dryRun ? '?dryRun=true' : ''}`, { body, headers: { 'content-type': 'application/yaml' } });
        expect(res.status, `${res.status} ${res.text.slice(0, 400)}`).toBeLessThan(500);
        const after = await exported();
        if (res.status >= 400) {
          refused++;
          expectEnvelope(res, res.status, res.body.error_code);
          expect(after).toBe(before);
          return;
        }
        expect(res.status).toBe(200);
        applied++;
        if (dryRun) expect(after).toBe(before);
      }),
      { numRuns: 150, seed: Number(process.env.FUZZ_SEED ?? 3) },
    );
    // The generator must reach both sides, or the property proves little.
    expect(applied).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  });

  it('refuses a YAML body over 1 MiB with 413 and applies nothing', async () => {
    const before = await exported();
    const big = `apiVersion: favindex/v1\nkind: Project\nmetadata: {name: fz-big, description: "${'x'.repeat(1024 * 1024)}"}\n`;
    expectEnvelope(await api.post('/api/yaml/apply', { body: big, headers: { 'content-type': 'application/yaml' } }), 413, 'PAYLOAD_TOO_LARGE');
    expect(await exported()).toBe(before);
  });
});
