import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { identityLabel, resolveTokenRefs, tokenIdOf, tokensById } from './token-refs';

const TOKENS = [
  { id: 'tok_old', name: 'ci', live: false },
  { id: 'tok_ci', name: 'ci', live: true },
  { id: 'tok_laptop', name: 'laptop', live: true },
];

function denyFor(...identities: string[]): ToolPolicy {
  return { default: 'allow', rules: [{ effect: 'deny', tools: ['gh/*'], identities }] };
}

describe('resolveTokenRefs', () => {
  it("saves a live token's name as its id, and keeps ids, clients and unknown names as written", () => {
    const resolved = resolveTokenRefs(denyFor('token:ci', 'token:tok_old', 'client:cursor', 'token:nobody'), TOKENS);
    expect(resolved.rules[0]?.identities).toEqual(['token:tok_ci', 'token:tok_old', 'client:cursor', 'token:nobody']);
  });

  it('names a token once when its name and its id are both written', () => {
    expect(resolveTokenRefs(denyFor('token:laptop', 'token:tok_laptop'), TOKENS).rules[0]?.identities).toEqual(['token:tok_laptop']);
  });

  it('returns the same policy when nothing names a token by name', () => {
    const policy = denyFor('token:tok_ci', 'client:cursor');
    expect(resolveTokenRefs(policy, TOKENS)).toBe(policy);
  });

  it('keeps a repeat as written where no name is resolved, so an exported policy applies back unchanged', () => {
    const policy = denyFor('client:cursor', 'client:cursor');
    expect(resolveTokenRefs(policy, TOKENS)).toBe(policy);
  });
});

describe('tokenIdOf and identityLabel', () => {
  it('finds a token by id or by live name, and shows an id by its name', () => {
    expect([tokenIdOf('ci', TOKENS), tokenIdOf('tok_old', TOKENS), tokenIdOf('gone', TOKENS)]).toEqual(['tok_ci', 'tok_old', 'gone']);
    const byId = tokensById(TOKENS);
    expect([identityLabel('token:tok_ci', byId), identityLabel('token:gone', byId), identityLabel('client:tok_ci', byId)]).toEqual([
      'token:ci',
      'token:gone',
      'client:tok_ci',
    ]);
  });
});
