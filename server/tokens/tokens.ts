import type { Db } from '@/db/client';
import { countActiveTokens, findLiveTokenNamed, findToken, insertToken, listTokens, revokeToken, toTokenView } from '@/db/queries/tokens';
import { newTokenSecret } from '@/lib/auth/token-secret';
import { ApiError } from '@/lib/errors';
import { MAX_ACTIVE_TOKENS } from '@/lib/limits';
import { resolveTokenRefs } from '@/lib/policy/token-refs';
import type { CreatedTokenView, TokenView } from '@/lib/contracts/tokens';
import type { CreateTokenInput } from '@/lib/schemas/tokens';
import type { AppContext } from '@/server/app-context';
import { requirePolicy } from '@/server/policy/inputs';
import { savePolicy } from '@/server/policy/policy';
import { lockProjectForNameChange, requireProject } from '@/server/projects/project-locks';

function tokenNotFound(projectId: string, tokenId: string): ApiError {
  return new ApiError('TOKEN_NOT_FOUND', `project '${projectId}' has no token '${tokenId.slice(0, 100)}'`, {
    suggestedAction: 'list the tokens with GET /api/projects/:id/tokens',
    citedRule: '§auth',
  });
}

function tokenNameTaken(projectId: string, name: string): ApiError {
  return new ApiError('TOKEN_NAME_TAKEN', `project '${projectId}' already has a live token named '${name}'; no token was made`, {
    suggestedAction: 'give the new token a name of its own (after the proxy or agent that will hold it), or revoke the other token first',
    citedRule: '§auth',
  });
}

/**
 * Rules written for a token by a name no token had yet (`token:<name>`) are for the token made
 * with that name: they are saved again naming its id (§policy), as a policy change of its own.
 */
async function adoptRulesNamingToken(tx: Db, projectId: string, token: { id: string; name: string }): Promise<void> {
  const stored = await requirePolicy(tx, projectId);
  const adopted = resolveTokenRefs(stored.policy, [{ ...token, live: true }]);
  if (adopted !== stored.policy) await savePolicy(tx, projectId, adopted, { dryRun: false, via: 'api' });
}

/** A new token; the answer is the only time its secret is shown (§auth). */
export async function createToken(app: AppContext, projectId: string, input: CreateTokenInput): Promise<CreatedTokenView> {
  const secret = newTokenSecret();
  const row = await app.db.transaction(async (tx) => {
    // The project row lock serialises concurrent creations, so the limit holds.
    await lockProjectForNameChange(tx, projectId);
    const active = await countActiveTokens(tx, projectId);
    if (active >= MAX_ACTIVE_TOKENS) {
      throw new ApiError('TOKEN_LIMIT_REACHED', `project '${projectId}' already has ${active} active tokens; the limit is ${MAX_ACTIVE_TOKENS}`, {
        suggestedAction: 'revoke tokens that are no longer used, then create the new one',
        citedRule: '§auth',
      });
    }
    if (await findLiveTokenNamed(tx, projectId, input.name)) throw tokenNameTaken(projectId, input.name);
    const inserted = await insertToken(tx, projectId, input, secret);
    await adoptRulesNamingToken(tx, projectId, inserted);
    return inserted;
  });
  return { ...toTokenView(row), token: secret.secret };
}

/** The project's tokens, revoked ones too, with their last-used times up to date. */
export async function listProjectTokens(app: AppContext, projectId: string): Promise<TokenView[]> {
  await requireProject(app.db, projectId);
  // Last-used times wait in memory between flushes; a list should show them.
  await app.tokens.flush();
  return (await listTokens(app.db, projectId)).map(toTokenView);
}

export async function getProjectToken(app: AppContext, projectId: string, tokenId: string): Promise<TokenView> {
  await requireProject(app.db, projectId);
  const row = await findToken(app.db, projectId, tokenId);
  if (!row) throw tokenNotFound(projectId, tokenId);
  return toTokenView(row);
}

/** Revoke: the token stops working at once, in every process (they read it on each request), and stays listed as revoked. */
export async function revokeProjectToken(app: AppContext, projectId: string, tokenId: string): Promise<TokenView> {
  await requireProject(app.db, projectId);
  const row = await revokeToken(app.db, projectId, tokenId);
  if (!row) throw tokenNotFound(projectId, tokenId);
  return toTokenView(row);
}
