import { createdTokenViewSchema, tokenListSchema, tokenViewSchema } from '@/lib/contracts/tokens';
import { createTokenSchema } from '@/lib/schemas/tokens';
import type { PathOperations } from '../operation';
import { JSON_TYPE } from './shared';

export const TOKEN_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/tokens': {
    get: {
      tag: 'tokens',
      access: 'admin',
      summary: "The project's tokens (never their secrets)",
      responses: { 200: { description: 'The tokens, revoked ones too, oldest first.', schema: tokenListSchema } },
    },
    post: {
      tag: 'tokens',
      access: 'admin',
      summary: 'Create a token; the answer is the only time its secret is shown',
      body: { required: true, content: { [JSON_TYPE]: createTokenSchema } },
      responses: { 201: { description: 'The token with its secret in `token`.', schema: createdTokenViewSchema, headers: { Location: 'The token’s URL.' } } },
      errors: ['TOKEN_LIMIT_REACHED'],
    },
  },
  '/api/projects/{id}/tokens/{tokenId}': {
    get: {
      tag: 'tokens',
      access: 'admin',
      summary: 'Read a token',
      responses: { 200: { description: 'The token (no secret).', schema: tokenViewSchema } },
      errors: ['TOKEN_NOT_FOUND'],
    },
    delete: {
      tag: 'tokens',
      access: 'admin',
      summary: 'Revoke a token; it stays listed as revoked',
      responses: { 200: { description: 'The revoked token.', schema: tokenViewSchema } },
      errors: ['TOKEN_NOT_FOUND'],
    },
  },
};
