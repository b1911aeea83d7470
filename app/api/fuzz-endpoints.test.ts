import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, expectEnvelope, ndjson, type ApiResponse } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';

/**
 * Every endpoint, discovered from app/api/**\/route.ts, fuzzed through the real handlers (local
 * mode, as the admin): every query parameter it reads, every path parameter, and random JSON
 * bodies for its writes. Whatever comes in, the answer is a success or the §errors envelope,
 * never a 500.
 */
setupTestDatabase();

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const routeFiles = import.meta.glob('/app/api/**/route.ts', { eager: true }) as Record<string, Partial<Record<Method, unknown>>>;
const libModules = import.meta.glob('/lib/**/*.ts');

interface Endpoint {
  pattern: string;
  method: Method;
  source: string;
}

const endpoints: Endpoint[] = Object.entries(routeFiles).flatMap(([file, mod]) => {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const pattern = file.replace(/^\/app/, '').replace(/\/route\.ts$/, '');
  return METHODS.filter((m) => typeof mod[m] === 'function').map((method) => ({ pattern, method, source }));
});

/** Names from the docs, for parameters no schema names. */
const KNOWN_PARAMS = [
  'window',
  'top',
  'status',
  'until',
  'limit',
  'kind',
  'sessionId',
  'before',
  'mode',
  'target',
  'query',
  'agentTools',
  'dryRun',
  'download',
  'project',
  'cursor',
  'since',
  'days',
  'from',
  'to',
];

/** The query parameters a route reads: its query schemas' keys, searchParams.get('…') calls, and the known names. */
async function queryParamsOf(endpoint: Endpoint): Promise<string[]> {
  const names = new Set(KNOWN_PARAMS);
  for (const m of endpoint.source.matchAll(/searchParams\.(?:get|getAll|has)\(\s*['"]([^'"]+)['"]/g)) names.add(m[1]!);
  for (const m of endpoint.source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@\/(lib\/[^']+)'/g)) {
    const wanted = m[1]!
      .split(',')
      .map((s) => s.trim().replace(/^type\s+/, ''))
      .filter((s) => /query/i.test(s));
    const load = libModules[`/${m[2]}.ts`];
    if (!load || wanted.length === 0) continue;
    const mod = (await load()) as Record<string, unknown>;
    for (const name of wanted) for (const key of schemaKeys(mod[name])) names.add(key);
  }
  return [...names];
}

function schemaKeys(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 4) return [];
  const s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; schema?: unknown; innerType?: unknown } };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  return [s.def?.in, s.def?.schema, s.def?.innerType].flatMap((inner) => schemaKeys(inner, depth + 1));
}

const paramValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '7',
    '30',
    '30d',
    '0d',
    '1d',
    '365d',
    '366d',
    '-5d',
    '1h',
    'all',
    'ok',
    'error',
    'true',
    'false',
    '1',
    'yes',
    'NaN',
    'Infinity',
    '1e309',
    '9'.repeat(40),
  ),
  fc.constantFrom(
    '2026-01-01',
    '2026-13-45',
    '2026-11-29T10:00:00Z',
    'tool',
    'meta',
    'unresolved',
    'favindex',
    'eager',
    'lazy',
    'pinned',
    'retrieve',
    'off',
    'openai',
    'custom',
    'gemini',
    'codex',
    'claude-code',
    'anthropic-regex',
    'github/create_issue',
    '%',
    '../..',
    'null',
    '{}',
    '[]',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('\u0000', 'a\u0000b', 'x'.repeat(5_000)),
);

function expectNoServerError(res: ApiResponse, what: string): void {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) expectEnvelope(res, res.status, (res.body as { error_code?: string })?.error_code ?? '(none)');
}

/** A project with a catalog, events and a token, so handlers reach their queries. */
async function projectWithData(): Promise<{ id: string; tokenId: string }> {
  const id = await createTestProject(['github', 'filesystem']);
  const events = Array.from({ length: 60 }, (_, i) => event(`f${i}`, i % 3 ? 'github/create_issue' : 'favourite/read_file', { sessionId: `s${i % 4}` }));
  await api.post(`/api/projects/${id}/events`, { body: ndjson(events), headers: { 'content-type': 'application/x-ndjson' } });
  const token = await api.post(`/api/projects/${id}/tokens`, { json: { name: 'fuzz' } });
  return { id, tokenId: token.body.id };
}

function concrete(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

type Generated = { value?: unknown; depth?: number };

describe('endpoint fuzzing', () => {
  it('never answers a 500 to any query parameter of any GET endpoint', async () => {
    const { id, tokenId } = await projectWithData();
    const gets = endpoints.filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(8);
    for (const endpoint of gets) {
      const names = await queryParamsOf(endpoint);
      const url = concrete(endpoint.pattern, { id, server: 'github', tokenId, path: 'nope' });
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...names, 'unknownParam'), paramValue), { minLength: 1, maxLength: 4 }), async (pairs) => {
          const search = new URLSearchParams(pairs);
          const res = await api.get(`${url}?${search}`);
          expectNoServerError(res, `GET ${url}?${search}`);
        }),
        { numRuns: 40, seed: Number(process.env.FUZZ_SEED ?? 6) },
      );
    }
  });

  it('never answers a 500 to odd path parameters', async () => {
    const { id, tokenId } = await projectWithData();
    const odd = ['ghost', 'A-Upper', 'x'.repeat(300), 'x'.repeat(2_000), 'a\u0000b', 'ünï', '%', ' ', 'a/b'];
    for (const endpoint of endpoints.filter((e) => e.method === 'GET')) {
      const names = [...endpoint.pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const value of odd) {
          const url = concrete(endpoint.pattern, { id, server: 'github', tokenId, path: 'nope', [name]: value });
          expectNoServerError(await api.get(url), `GET ${endpoint.pattern} with ${name}=${JSON.stringify(value.slice(0, 20))}`);
        }
      }
    }
  });

  it('never answers a 500 to any JSON body on any write', async () => {
    const { id, tokenId } = await projectWithData();
    // Sync endpoints would reach out to the URLs in the body; their bodies are fuzzed by their own tests.
    const writes = endpoints.filter((e) => e.method !== 'GET' && e.method !== 'DELETE' && !e.pattern.includes('/sync'));
    // Deep documents are built inside the property from their depth, so a failure report stays printable.
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value): Generated => ({ value })),
      fc
        .dictionary(
          fc.constantFrom(
            'id',
            'name',
            'tools',
            'tool',
            'scopes',
            'description',
            'favouriteIndex',
            'maxFavourites',
            'enabled',
            'surface',
            'mode',
            'events',
            'version',
            'position',
            'to',
            'password',
          ),
          fc.jsonValue({ maxDepth: 3 }),
        )
        .map((value): Generated => ({ value })),
      fc.integer({ min: 60, max: 20_000 }).map((depth): Generated => ({ depth })),
    );
    const text = (b: Generated) => (b.depth === undefined ? JSON.stringify(b.value) : '['.repeat(b.depth) + ']'.repeat(b.depth));
    for (const endpoint of writes) {
      const url = concrete(endpoint.pattern, { id, server: 'github', tokenId, path: 'nope' });
      await fc.assert(
        fc.asyncProperty(body, async (generated) => {
          const res = await api[endpoint.method.toLowerCase() as 'post'](url, { body: text(generated), headers: { 'content-type': 'application/json' } });
          const shown = generated.depth === undefined ? JSON.stringify(generated.value)?.slice(0, 200) : `nested ${generated.depth} deep`;
          expectNoServerError(res, `${endpoint.method} ${url} ${shown}`);
        }),
        { numRuns: 25, seed: Number(process.env.FUZZ_SEED ?? 7) },
      );
    }
  });
});
