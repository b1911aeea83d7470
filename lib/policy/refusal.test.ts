import { describe, expect, it } from 'vitest';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { decide } from './decide';
import { narrowPolicy } from './narrow';
import { policyRefusal } from './refusal';

const POLICY = toolPolicySchema.parse({
  default: 'deny',
  rules: [
    { effect: 'allow', tools: ['github/get_*'], identities: ['token:other'] },
    { effect: 'deny', tools: ['github/delete_*'], identities: ['token:ci', 'token:other', 'client:cursor'], note: 'no deletes' },
    { effect: 'deny', tools: ['github/merge_*'], identities: ['client:codex'] },
    { effect: 'allow', tools: ['github/*'] },
  ],
});
const held = narrowPolicy(POLICY, 'ci');
const tool = (canonical: string) => ({ canonical, server: canonical.split('/')[0] ?? '' });
const refused = (canonical: string, client: string | null, sources = held.sources) =>
  policyRefusal(canonical, decide(held.policy, { token: null, client }, tool(canonical)), { policy: held.policy, sources }, 'Use another tool');

describe('policyRefusal: a refusal names the rule as the project does', () => {
  it('by its number in the project policy and whom it names there, this token and clients, never another token', () => {
    expect(refused('github/delete_repo', null).message).toBe(
      "github/delete_repo is not allowed for this session by the project's tool policy: rule 2, deny github/delete_* for token:ci, client:cursor (no deletes).",
    );
    expect(refused('github/merge_pr', 'codex')).toMatchObject({ details: { rule: 3, identities: ['client:codex'] } });
    expect(JSON.stringify(refused('github/delete_repo', 'cursor'))).not.toContain('token:other');
  });

  it('by the default when no rule decides, and as the envelope every refusal carries', () => {
    expect(refused('gitlab/list', null)).toEqual({
      error_code: 'POLICY_DENIED',
      message: "gitlab/list is not allowed for this session by the project's tool policy: no rule allows it, and the policy's default is deny.",
      retryable: false,
      suggested_action: "Use another tool, or ask the project's owner to change the tool policy.",
      cited_rule: '§policy',
      details: { refused: 'gitlab/list', rule: null, identities: [] },
    });
  });

  it('from a favindex that does not say where rules come from, by what the proxy knows and no more', () => {
    // The token's rule reached the proxy as a rule for everyone: it cannot tell which it was.
    expect(refused('github/delete_repo', null, []).message).toContain("rule 1, deny github/delete_* for this proxy's token or everyone (no deletes)");
    expect(refused('github/merge_pr', 'codex', []).details).toEqual({ refused: 'github/merge_pr', rule: 2, identities: ['client:codex'] });
    // Sources that do not stand for this policy's rules one for one are not used.
    expect(refused('github/merge_pr', 'codex', held.sources.slice(1)).details.rule).toBe(2);
  });
});
