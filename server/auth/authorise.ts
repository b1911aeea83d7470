import { ApiError } from '@/lib/errors';
import { authMode } from './mode';
import { isUnsafeMethod, requireLocalRequest, requireSameOrigin } from './origin';
import { readCookie, SESSION_COOKIE, verifySession } from './session';
import { type Access, PROXY_SCOPES, type TokenScope } from '@/lib/schemas/tokens';
import type { AppContext } from '@/server/app-context';
import type { KnownToken } from './token-store';
import type { RequestHead } from '@/server/http/request-head';
import { isOneOf } from '@/lib/records';

export type { Access };

export type Principal =
  | { kind: 'admin'; via: 'local' | 'session' }
  | { kind: 'token'; projectId: string; tokenId: string; tokenName: string; scopes: TokenScope[] }
  | { kind: 'anonymous' };

const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });
const CHALLENGE = { 'www-authenticate': 'Bearer realm="favindex"' };

function unauthorised(message: string, suggestedAction: string): ApiError {
  return new ApiError('UNAUTHORIZED', message, { suggestedAction, citedRule: '§auth', headers: CHALLENGE });
}

function forbidden(message: string, suggestedAction: string): ApiError {
  return new ApiError('FORBIDDEN', message, { suggestedAction, citedRule: '§auth' });
}

/**
 * Decide who is calling (§auth), or throw the 401/403 envelope. `projectId` is the project the
 * URL names, if any: a token opens its own project only. A presented token is checked in both
 * modes, so a proxy learns of a wrong token before the server gets a password.
 */
export async function authorise(app: AppContext, req: RequestHead, access: Access, projectId: string | undefined): Promise<Principal> {
  if (access === 'public') return ANONYMOUS;
  const secret = bearerToken(req);
  if (secret !== null) return authoriseToken(app, secret, access, projectId);
  if (authMode() === 'local') {
    requireLocalRequest(req);
    return { kind: 'admin', via: 'local' };
  }
  const session = readCookie(req.headers.get('cookie'), SESSION_COOKIE);
  if (!(await verifySession(app.sessions, session))) {
    throw access === 'admin'
      ? unauthorised(session ? 'the login session has expired or is not valid' : 'this endpoint needs the admin login', 'log in at /login')
      : unauthorised(
          `this endpoint needs a project token with scope ${access}`,
          `send 'Authorization: Bearer <token>' with a token of this project holding ${access}; create one under the project's Tokens tab`,
        );
  }
  if (isUnsafeMethod(req.method)) requireSameOrigin(req);
  return { kind: 'admin', via: 'session' };
}

async function authoriseToken(app: AppContext, secret: string, access: Exclude<Access, 'public'>, projectId: string | undefined): Promise<Principal> {
  const usable = usableToken(await app.tokens.lookup(secret), access, projectId);
  const principal = tokenPrincipal(app, usable);
  if (principal) return principal;
  const { token, scope } = usable;
  throw await lacksScope(app, token, scope);
}

/** The 403 of a token without `scope`, noted on the token first so the dashboard can say what it lacks. */
async function lacksScope(app: AppContext, token: { id: string; scopes: readonly TokenScope[] }, scope: TokenScope): Promise<ApiError> {
  await app.tokens.noteRefused(token.id, scope);
  return forbidden(`this token lacks the scope ${scope} (it has ${token.scopes.join(', ')})`, missingScopeAction(scope));
}

/**
 * For what an endpoint lets some callers do and not others (a preview for another identity
 * than the token's own): a token without `scope` is refused as `authorise` refuses it. The
 * admin holds every scope.
 */
export async function requireScope(app: AppContext, principal: Principal, scope: TokenScope): Promise<void> {
  if (principal.kind !== 'token' || principal.scopes.includes(scope)) return;
  throw await lacksScope(app, { id: principal.tokenId, scopes: principal.scopes }, scope);
}

/** A known token and the scope asked of it; throws every refusal but a missing scope (recorded first: see authoriseToken). */
function usableToken(token: KnownToken | null, access: Exclude<Access, 'public'>, projectId: string | undefined): { token: KnownToken; scope: TokenScope } {
  if (!token) throw unauthorised('the bearer token is not a favindex project token', 'check the token; create a new one under the project’s Tokens tab');
  if (token.revoked) throw unauthorised('the bearer token has been revoked', 'create a new token under the project’s Tokens tab');
  if (access === 'admin') {
    throw forbidden('project tokens cannot call admin endpoints', 'use the dashboard (admin login) for this; tokens only send events and read surfaces');
  }
  if (projectId !== undefined && projectId !== token.projectId) {
    throw forbidden(`this token belongs to another project, not '${projectId.slice(0, 100)}'`, 'use a token created for this project');
  }
  return { token, scope: access };
}

/** The token's principal, its use noted; null when it lacks the scope. */
function tokenPrincipal(app: AppContext, { token, scope }: { token: KnownToken; scope: TokenScope }): Principal | null {
  if (!token.scopes.includes(scope)) return null;
  app.tokens.noteUsed(token.id);
  return { kind: 'token', projectId: token.projectId, tokenId: token.id, tokenName: token.name, scopes: token.scopes };
}

/** What to do about a missing scope: a proxy's scopes come together, as the Tokens tab's "for a proxy" choice makes them. */
function missingScopeAction(scope: TokenScope): string {
  if (isOneOf(PROXY_SCOPES, scope)) {
    return `create a token for a proxy (${PROXY_SCOPES.join(', ')}) under the project's Tokens tab, or one with scope ${scope}`;
  }
  return `create a token with scope ${scope} under the project's Tokens tab`;
}

/**
 * For routes whose URL names no project (YAML apply): a token may touch its own project only,
 * so every project the request names must be the token's (403 otherwise, before anything is
 * read or written). The admin may name any.
 */
export function requireOwnProjects(principal: Principal, projectIds: readonly string[]): void {
  if (principal.kind !== 'token') return;
  const others = [...new Set(projectIds.filter((id) => id !== principal.projectId))];
  if (others.length === 0) return;
  const named = others
    .slice(0, 5)
    .map((id) => `'${id.slice(0, 100)}'`)
    .join(', ');
  throw forbidden(
    `this token belongs to project '${principal.projectId}' and cannot touch ${named}${others.length > 5 ? ` and ${others.length - 5} more` : ''}`,
    `apply only documents whose metadata.name is '${principal.projectId}', or use a token of each project`,
  );
}

/** The bearer token of a request; null when it carries none. */
export function bearerToken(req: RequestHead): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}
