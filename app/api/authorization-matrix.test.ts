import { describe, expect, it } from 'vitest';
import type { Access } from '@/server/http/route';
import { TOKEN_SCOPES } from '@/lib/schemas/tokens';
import { api, type ApiResponse } from '@/test/api';
import { adminHeaders, bearer, createToken, login, SAME_ORIGIN, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

/**
 * Every API endpoint × every kind of caller (§auth), discovered from app/api/**\/route.ts, so
 * routes added later are covered without touching this file. The expected status follows
 * from the access each route declares through apiRoute; the policy test below checks those
 * declarations themselves.
 */
setupTestDatabase();

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type RouteModule = Partial<Record<Method, { access?: Access }>>;

const modules = import.meta.glob<RouteModule>('/app/api/**/route.ts', { eager: true });

interface Endpoint {
  file: string;
  /** The route's path pattern, e.g. /api/projects/[id]/events */
  pattern: string;
  method: Method;
  access: Access | undefined;
  namesProject: boolean;
}

const endpoints: Endpoint[] = Object.entries(modules).flatMap(([file, mod]) => {
  const pattern = file.replace(/^\/app/, '').replace(/\/route\.ts$/, '');
  return METHODS.filter((m) => typeof mod[m] === 'function').map((method) => ({
    file,
    pattern,
    method,
    access: mod[method]!.access,
    namesProject: pattern.includes('/[id]'),
  }));
});

const PUBLIC_ROUTES = /^\/api\/(auth\/(login|logout|session)|\[\.\.\.path\]|health|openapi(\.json)?)$/;

/** Routes that take a token but name no project in the URL: each checks the projects its body names (requireOwnProjects). */
const TOKEN_CHECKS_ITS_PROJECTS = new Set(['POST /api/yaml/apply']);
/** What no token may ever do: create or delete projects, manage tokens, read every project. */
const ADMIN_ONLY = new Set([
  'GET /api/projects',
  'POST /api/projects',
  'DELETE /api/projects/[id]',
  'GET /api/projects/[id]/tokens',
  'POST /api/projects/[id]/tokens',
  'GET /api/projects/[id]/tokens/[tokenId]',
  'DELETE /api/projects/[id]/tokens/[tokenId]',
  'GET /api/yaml',
  'GET /api/usage',
]);
/** The scope each chore of the CLI and scripts needs. */
const EXPECTED_SCOPE: Record<string, Access> = {
  'GET /api/projects/[id]/usage': 'usage:read',
  'GET /api/projects/[id]/suggestions': 'usage:read',
  'GET /api/projects/[id]/impact': 'usage:read',
  'GET /api/projects/[id]/backtest': 'usage:read',
  'GET /api/projects/[id]/favourites': 'config:read',
  'GET /api/projects/[id]/favourites/history': 'config:read',
  'GET /api/projects/[id]/yaml': 'config:read',
  'GET /api/projects/[id]/policy': 'config:read',
  'GET /api/projects/[id]/policy/access': 'config:read',
  'GET /api/projects/[id]/policy/history': 'config:read',
  'PUT /api/projects/[id]/policy': 'config:write',
  'GET /api/projects/[id]/routers': 'config:read',
  'GET /api/projects/[id]/routers/history': 'config:read',
  'PUT /api/projects/[id]/routers': 'config:write',
  'POST /api/projects/[id]/routers/undo': 'config:write',
  'PUT /api/projects/[id]/favourites': 'favourites:write',
  'PATCH /api/projects/[id]/favourites': 'favourites:write',
  'POST /api/projects/[id]/favourites/pin': 'favourites:write',
  'POST /api/projects/[id]/favourites/unpin': 'favourites:write',
  'POST /api/projects/[id]/favourites/move': 'favourites:write',
  'POST /api/yaml/apply': 'config:write',
  'PUT /api/projects/[id]/catalog/[server]': 'catalog:write',
  // What `favindex bakeoff` presents to the model is the preview's list.
  'GET /api/projects/[id]/preview': 'surface:read',
  'GET /api/projects/[id]/bakeoffs': 'usage:read',
  'POST /api/projects/[id]/bakeoffs': 'bakeoffs:write',
  'GET /api/projects/[id]/bakeoffs/[runId]': 'usage:read',
  'DELETE /api/projects/[id]/bakeoffs/[runId]': 'bakeoffs:write',
  'GET /api/projects/[id]/bakeoffs/[runId]/transcripts': 'usage:read',
};

type Caller = 'no token' | 'bad token' | 'revoked token' | "other project's token" | 'wrong scope' | 'own token' | 'admin' | 'admin, no origin';
const CALLERS: Caller[] = ['no token', 'bad token', 'revoked token', "other project's token", 'wrong scope', 'own token', 'admin', 'admin, no origin'];
type Outcome = 'pass' | 401 | 403;

function expected(endpoint: Endpoint, caller: Caller, mode: 'password' | 'local'): Outcome {
  const { access } = endpoint;
  const write = endpoint.method !== 'GET';
  // Logout is public, but a cookie it would end must come with our Origin, like every cookie write.
  if (endpoint.pattern === '/api/auth/logout' && caller === 'admin, no origin' && mode === 'password') return 403;
  if (access === 'public') return 'pass';
  switch (caller) {
    case 'no token':
      return mode === 'local' ? 'pass' : 401;
    case 'bad token':
    case 'revoked token':
      return 401;
    case "other project's token":
      return access === 'admin' || endpoint.namesProject ? 403 : 'pass';
    case 'wrong scope':
      return 403;
    case 'own token':
      return access === 'admin' ? 403 : 'pass';
    case 'admin':
      return 'pass';
    case 'admin, no origin':
      // In local mode a script (no Origin) is the admin; with a password, a cookie write needs our Origin.
      return mode === 'password' && write ? 403 : 'pass';
  }
}

function concretePath(pattern: string, project: string, tokenId: string): string {
  return pattern
    .replace('[id]', project)
    .replace('[tokenId]', tokenId)
    .replace('[server]', 'github')
    .replace(/\[\.\.\.[^\]]+\]/, 'no-such-route')
    .replace(/\[[^\]]+\]/g, 'x');
}

function outcome(res: ApiResponse): Outcome | number {
  if (res.status === 401 || res.status === 403) return res.status;
  return res.status >= 500 ? res.status : 'pass';
}

describe('authorisation matrix', () => {
  it('finds the routes, and every exported handler declares its access through apiRoute', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(15);
    const undeclared = endpoints.filter((e) => !['public', 'admin', ...TOKEN_SCOPES].includes(e.access as string));
    expect(undeclared.map((e) => `${e.method} ${e.pattern}`)).toEqual([]);
  });

  it('keeps the access policy: public only for login, OpenAPI and the 404 catch-all; tokens only for their chores; admin-only stays admin', () => {
    const problems: string[] = [];
    for (const e of endpoints) {
      if (e.access === 'public' && !PUBLIC_ROUTES.test(e.pattern)) problems.push(`${e.method} ${e.pattern} is public`);
      if (e.pattern === '/api/projects/[id]/events' && e.method === 'POST' && e.access !== 'events:write')
        problems.push(`${e.method} ${e.pattern} is ${e.access}, expected events:write`);
      if (e.pattern === '/api/projects/[id]/surface' && e.method === 'GET' && e.access !== 'surface:read')
        problems.push(`${e.method} ${e.pattern} is ${e.access}, expected surface:read`);
      const scoped = e.access !== undefined && e.access !== 'public' && e.access !== 'admin';
      if (scoped && !e.namesProject && !TOKEN_CHECKS_ITS_PROJECTS.has(`${e.method} ${e.pattern}`)) {
        problems.push(`${e.method} ${e.pattern} takes a token but names no project: check it uses principal.projectId`);
      }
      if (ADMIN_ONLY.has(`${e.method} ${e.pattern}`) && e.access !== 'admin') problems.push(`${e.method} ${e.pattern} is ${e.access}, expected admin`);
      const scope = EXPECTED_SCOPE[`${e.method} ${e.pattern}`];
      if (scope && e.access !== scope) problems.push(`${e.method} ${e.pattern} is ${e.access}, expected ${scope}`);
    }
    expect(problems).toEqual([]);
  });

  for (const mode of ['password', 'local'] as const) {
    it(`gives every endpoint × caller the expected status in ${mode} mode, never a 500`, async () => {
      const password = 'matrix-password';
      // Projects: A is the one under test, B another project, C the admin's playground (the admin may delete it).
      const [a, b, c] = await withPassword(null, () =>
        Promise.all([createTestProject(['github']), createTestProject(['github']), createTestProject(['github'])]),
      );
      const tokens = await withPassword(null, async () => ({
        all: await createToken(a),
        events: await createToken(a, ['events:write']),
        surface: await createToken(a, ['surface:read']),
        revoked: await createToken(a),
        other: await createToken(b),
        ofC: await createToken(c),
      }));
      await withPassword(null, () => api.delete(`/api/projects/${a}/tokens/${tokens.revoked.id}`));

      await withPassword(mode === 'password' ? password : null, async () => {
        let cookie = mode === 'password' ? await login(password) : null;
        const mismatches: string[] = [];
        const counted: Record<string, number> = {};
        for (const endpoint of endpoints) {
          for (const caller of CALLERS) {
            const want = expected(endpoint, caller, mode);
            const wrongScope = endpoint.access === 'events:write' ? tokens.surface : tokens.events;
            const credentials: Record<Caller, Record<string, string>> = {
              'no token': {},
              'bad token': bearer(`fvx_${'A'.repeat(43)}`),
              'revoked token': bearer(tokens.revoked.token),
              "other project's token": bearer(tokens.other.token),
              'wrong scope': bearer(wrongScope.token),
              'own token': bearer(tokens.all.token),
              admin: cookie ? adminHeaders(cookie) : { origin: SAME_ORIGIN },
              'admin, no origin': cookie ? { cookie } : {},
            };
            // In local mode no token is the admin too: let it delete project c, not the project the tokens belong to.
            const isAdmin = caller === 'admin' || caller === 'admin, no origin' || (caller === 'no token' && mode === 'local');
            const path = concretePath(endpoint.pattern, isAdmin ? c : a, isAdmin ? tokens.ofC.id : tokens.all.id);
            const res = await api[endpoint.method.toLowerCase() as 'get'](path, { headers: credentials[caller] });
            const got = outcome(res);
            // A logout that worked ended the admin's session: the next callers need a fresh one.
            if (cookie && endpoint.pattern === '/api/auth/logout' && got === 'pass') cookie = await login(password);
            counted[String(got)] = (counted[String(got)] ?? 0) + 1;
            const envelopeOk =
              got === 'pass' ||
              (res.body?.error_code === (got === 401 ? 'UNAUTHORIZED' : want === 403 && caller === 'admin, no origin' ? 'ORIGIN_REJECTED' : 'FORBIDDEN') &&
                res.body?.cited_rule === '§auth');
            if (got !== want || !envelopeOk) {
              mismatches.push(
                `${endpoint.method} ${endpoint.pattern} [${endpoint.access}] × ${caller}: expected ${want}, got ${res.status} ${res.text.slice(0, 160)}`,
              );
            }
          }
        }
        console.log(`[authorisation matrix, ${mode} mode] ${endpoints.length} endpoints × ${CALLERS.length} callers: ${JSON.stringify(counted)}`);
        expect(mismatches).toEqual([]);
      });
    });
  }
});
