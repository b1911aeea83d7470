import { policyTokens } from '@/db/queries/policy';
import type { PolicyIdentity } from '@/lib/policy/decide';
import { identityLabel, type PolicyToken, tokenIdOf, tokensById } from '@/lib/policy/token-refs';
import type { PreviewQuery } from '@/lib/schemas/preview-query';
import { surfaceForIdentity } from '@/lib/policy/surface-for-identity';
import { buildPreviewResponse, type PreviewResponse } from '@/lib/surface/preview-response';
import type { AppContext } from '@/server/app-context';
import { type Principal, requireScope } from '@/server/auth/authorise';
import { runningProxies } from '@/server/proxies/proxies';
import { loadSurfaceInputs } from './inputs';
import { recordedSession } from './sessions';
import { previewWarmUps } from './warm-up';

/**
 * Whose lists are previewed (§policy): the token and client the query names. A token previews
 * its own lists when it names no token; another token's lists show what the policy denies that
 * token, tools and schemas the caller's own /surface hides, so they need config:read, the scope
 * that reads the policy. A client name is what a session claims, so a token may name any.
 */
async function previewedIdentity(app: AppContext, principal: Principal, query: PreviewQuery, tokens: readonly PolicyToken[]): Promise<PolicyIdentity> {
  const client = query.sessionClient ?? null;
  const own = principal.kind === 'token' && (query.token === undefined || query.token === principal.tokenId || query.token === principal.tokenName);
  if (principal.kind === 'token' && own) return { token: principal.tokenId, client };
  if (query.token === undefined) return { token: null, client };
  if (principal.kind === 'token') await requireScope(app, principal, 'config:read');
  // Named by its id or a live token's name, as the policy's rules are (§policy).
  return { token: tokenIdOf(query.token, tokens), client };
}

/**
 * The exact tool list per mode and target, with caps, name problems and tokens (§surface), for
 * the identity the caller may preview. While a proxy is connected, only the servers connected
 * proxies run count: no model sees the others.
 */
export function preview(app: AppContext, projectId: string, query: PreviewQuery, principal: Principal): Promise<PreviewResponse> {
  return previewWarmUps.whileAnswering(() => answerPreview(app, projectId, query, principal));
}

async function answerPreview(app: AppContext, projectId: string, query: PreviewQuery, principal: Principal): Promise<PreviewResponse> {
  const tokens = await policyTokens(app.db, projectId);
  const identity = await previewedIdentity(app, principal, query, tokens);
  const running = await runningProxies(app.db, projectId);
  const inputs = await loadSurfaceInputs(app.db, app.catalogs, projectId, running?.servers ?? null);
  const recorded = query.session ? await recordedSession(app.db, projectId, query.session) : null;
  const proxies = running ? { connected: running.proxies, uploadedOnly: inputs.uploadedOnly } : null;
  // A proposed list stands in for the stored one, turned on: what the lists would be after the change.
  const favourites = query.favourites ? { ...inputs.favourites, enabled: true, tools: query.favourites } : inputs.favourites;
  // The lists of this identity: what its proxy session lists, by the same restriction (§policy).
  const byId = tokensById(tokens);
  const mine = surfaceForIdentity(inputs.catalog, favourites, inputs.policy, identity, (written) => identityLabel(written, byId));
  // The next questions about this catalog (another target, a query) find its tokens and index counted.
  previewWarmUps.warm(mine.catalog);
  return buildPreviewResponse(
    {
      project: projectId,
      surface: inputs.surface,
      favourites: mine.favourites,
      routers: inputs.routers,
      catalog: mine.catalog,
      recorded,
      proxies,
      policy: { identity, hidden: mine.hidden },
    },
    query,
  );
}
