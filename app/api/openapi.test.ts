import { describe, expect, it } from 'vitest';
import { OPERATIONS_ENDPOINTS } from '@/lib/api/operations';
import { SESSION_COOKIE } from '@/server/auth/session';
import type { Access } from '@/server/http/route';
import { api } from '@/test/api';
import { withPassword } from '@/test/auth';

/**
 * The OpenAPI description against the route files themselves: every method a route file
 * exports is documented with the access its handler declares, and every documented operation
 * has its route (or is one server.ts serves ahead of Next). The 404 catch-all is the one route
 * that is not an operation.
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type RouteModule = Partial<Record<(typeof METHODS)[number], { access?: Access }>>;
const modules = import.meta.glob<RouteModule>('/app/api/**/route.ts', { eager: true });
const CATCH_ALL = '/api/[...path]';
/** Served by server.ts from node:http ahead of Next, with no route file (app/api/contracts.test.ts calls them as it does). */
const AHEAD_OF_NEXT = new Set(Object.values(OPERATIONS_ENDPOINTS).map((e) => `${e.method.toUpperCase()} ${e.path}`));

/** `/app/api/projects/[id]/route.ts` → `/api/projects/{id}`. */
function openApiPath(file: string): string {
  return file
    .replace(/^\/app/, '')
    .replace(/\/route\.ts$/, '')
    .replace(/\[([^\].]+)\]/g, '{$1}');
}

const routeOperations = new Map<string, Access | undefined>();
for (const [file, mod] of Object.entries(modules)) {
  if (openApiPath(file) === CATCH_ALL) continue;
  for (const method of METHODS) {
    const handler: unknown = mod[method];
    if (typeof handler === 'function') routeOperations.set(`${method} ${openApiPath(file)}`, (handler as { access?: Access }).access);
  }
}

describe('GET /api/openapi.json', () => {
  it('serves the description to anyone, even in password mode', async () => {
    const res = await withPassword('openapi-test-password', () => api.get('/api/openapi.json'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(res.text)).toMatchObject({ openapi: '3.1.0', components: { schemas: { ErrorEnvelope: { type: 'object' } } } });
  });

  it('documents every method of every route file, with the access its handler declares, and nothing else', async () => {
    const document = (await api.get('/api/openapi.json')).body;
    const documented = new Map<string, Access>();
    for (const [path, item] of Object.entries<Record<string, { 'x-favindex-access': Access }>>(document.paths)) {
      for (const [method, op] of Object.entries(item)) documented.set(`${method.toUpperCase()} ${path}`, op['x-favindex-access']);
    }
    expect(routeOperations.size).toBeGreaterThanOrEqual(40);
    expect(
      [...routeOperations.keys()].filter((k) => !documented.has(k)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      [...documented.keys()].filter((k) => !routeOperations.has(k) && !AHEAD_OF_NEXT.has(k)),
      'documented operations without a route',
    ).toEqual([]);
    const wrongAccess = [...routeOperations]
      .filter(([key, access]) => documented.get(key) !== access)
      .map(([key, access]) => `${key}: route ${access}, document ${documented.get(key)}`);
    expect(wrongAccess).toEqual([]);
  });

  it('names the session cookie the server sets', async () => {
    const document = (await api.get('/api/openapi.json')).body;
    expect(document.components.securitySchemes.adminSession.name).toBe(SESSION_COOKIE);
  });
});
