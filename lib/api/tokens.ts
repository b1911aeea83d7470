import { createdTokenViewSchema, tokenListSchema, tokenViewSchema } from '@/lib/contracts/tokens';
import { BODY_LIMITS } from '@/lib/limits';
import { createTokenSchema } from '@/lib/schemas/tokens';
import { endpoint } from './endpoint';
import { projectParams, tokenParams } from './params';

/** A project's tokens (§auth): made, listed and revoked by the admin only. */
export const TOKEN_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/projects/{id}/tokens',
    params: projectParams,
    tag: 'tokens',
    access: 'admin',
    summary: "The project's tokens (never their secrets)",
    responses: { 200: { description: 'The tokens, revoked ones too, oldest first.', schema: tokenListSchema } },
  }),
  create: endpoint({
    method: 'post',
    path: '/api/projects/{id}/tokens',
    params: projectParams,
    json: createTokenSchema,
    bodyLimit: BODY_LIMITS.tiny,
    rule: '§auth',
    tag: 'tokens',
    access: 'admin',
    summary: 'Create a token; the answer is the only time its secret is shown',
    responses: { 201: { description: 'The token with its secret in `token`.', schema: createdTokenViewSchema, headers: { Location: 'The token’s URL.' } } },
    errors: ['TOKEN_LIMIT_REACHED', 'TOKEN_NAME_TAKEN'],
  }),
  read: endpoint({
    method: 'get',
    path: '/api/projects/{id}/tokens/{tokenId}',
    params: tokenParams,
    tag: 'tokens',
    access: 'admin',
    summary: 'Read a token',
    responses: { 200: { description: 'The token (no secret).', schema: tokenViewSchema } },
    errors: ['TOKEN_NOT_FOUND'],
  }),
  revoke: endpoint({
    method: 'delete',
    path: '/api/projects/{id}/tokens/{tokenId}',
    params: tokenParams,
    tag: 'tokens',
    access: 'admin',
    summary: 'Revoke a token; it stays listed as revoked',
    responses: { 200: { description: 'The revoked token.', schema: tokenViewSchema } },
    errors: ['TOKEN_NOT_FOUND'],
  }),
};
