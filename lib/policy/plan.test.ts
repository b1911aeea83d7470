import { describe, expect, it } from 'vitest';
import type { PolicyRule, ToolPolicy } from '@/lib/schemas/policy';
import { describePolicyChange, planPolicy, samePolicy } from './plan';

const deny = (tools: string[], identities?: string[]): PolicyRule => ({ effect: 'deny', tools, ...(identities ? { identities } : {}) });
const policy = (rules: PolicyRule[], fallback: 'allow' | 'deny' = 'allow'): ToolPolicy => ({ default: fallback, rules });

describe('describePolicyChange', () => {
  it('names rules as people count them: added and changed by their new place, removed by their old', () => {
    const a = deny(['a/*']);
    const b = deny(['b/*']);
    const c = deny(['c/*']);
    expect(describePolicyChange(policy([a, c]), policy([a, b, c]))).toBe('added rule 2');
    expect(describePolicyChange(policy([a, b, c]), policy([a, c]))).toBe('removed rule 2');
    expect(describePolicyChange(policy([a, b]), policy([a, c], 'deny'))).toBe('changed rule 2 · default allow → deny');
    expect(describePolicyChange(null, policy([a]))).toBe('first policy: default allow, 1 rule');
  });
});

describe('planPolicy', () => {
  const catalog = [
    { canonical: 'gh/delete_repo', server: 'gh' },
    { canonical: 'gh/list', server: 'gh', annotations: { readOnlyHint: true } },
  ];

  it('sees the same policy in another key order as no change', () => {
    const reordered = { rules: [{ tools: ['gh/*'], effect: 'deny' }], default: 'allow' } as unknown as ToolPolicy;
    expect(samePolicy(reordered, policy([deny(['gh/*'])]))).toBe(true);
    expect(planPolicy(reordered, policy([deny(['gh/*'])]), catalog, { tokens: [], clients: [] })).toEqual({ diff: '', identities: [], warnings: [] });
  });

  it('lists only identities whose tools change, and warns of a token named only by the rules', () => {
    const laptop = { id: 'tok_laptop', name: 'laptop', live: true };
    const plan = planPolicy(policy([]), policy([deny(['gh/delete_*'], ['token:ci'])]), catalog, { tokens: [laptop], clients: [] });
    expect(plan.identities).toEqual([{ identity: 'token:ci', gained: [], lost: ['gh/delete_repo'] }]);
    expect(plan.warnings.map((w) => w.path)).toEqual(['rules[0].identities[0]']);
    expect(plan.warnings[0]?.message).toContain("no token 'ci'");
  });

  it("warns of a revoked token by its name, and not of a live token's id", () => {
    const tokens = [
      { id: 'tok_old', name: 'ci', live: false },
      { id: 'tok_new', name: 'ci', live: true },
    ];
    const plan = planPolicy(policy([]), policy([deny(['gh/delete_*'], ['token:tok_old', 'token:tok_new'])]), catalog, { tokens, clients: [] });
    expect(plan.warnings.map((w) => [w.path, w.message.slice(0, 40)])).toEqual([['rules[0].identities[0]', "the token 'ci' (tok_old) is revoked: the"]]);
  });
});
