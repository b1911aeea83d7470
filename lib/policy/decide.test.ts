import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolPolicySchema, type ToolPolicy } from '@/lib/schemas/policy';
import { annotationOf, compilePolicy, decide, describeRule } from './decide';
import { globMatcher } from './glob';
import { narrowPolicy, policyForToken, someSessionMayUse } from './narrow';

const tool = (canonical: string, annotations?: Record<string, unknown>) => ({ canonical, server: canonical.split('/')[0]!, annotations });
const ci = { token: 'ci-agent', client: null };
const support = { token: 'support-bot', client: 'claude-code' };

const POLICY: ToolPolicy = toolPolicySchema.parse({
  rules: [
    { effect: 'deny', tools: ['github/delete_*'], identities: ['token:ci-agent'], note: 'CI never deletes' },
    { effect: 'allow', annotations: { readOnlyHint: true }, identities: ['token:support-bot'] },
    { effect: 'deny', identities: ['token:support-bot'] },
  ],
});

describe('decide', () => {
  it('lets the first matching rule decide, and the default decide what no rule matches', () => {
    expect(decide(POLICY, ci, tool('github/delete_repo'))).toEqual({ allowed: false, rule: 0 });
    expect(decide(POLICY, ci, tool('github/create_issue'))).toEqual({ allowed: true, rule: null });
    expect(decide(POLICY, { token: 'other', client: null }, tool('github/delete_repo'))).toEqual({ allowed: true, rule: null });
    expect(decide(POLICY, support, tool('github/get_issue', { readOnlyHint: true }))).toEqual({ allowed: true, rule: 1 });
    expect(decide(POLICY, support, tool('github/create_issue', { readOnlyHint: false }))).toEqual({ allowed: false, rule: 2 });
  });

  it('reads an annotation a tool does not state with the MCP default, so an unannotated tool is not read-only', () => {
    expect(decide(POLICY, support, tool('memory/read_graph'))).toEqual({ allowed: false, rule: 2 });
    expect(annotationOf(tool('a/b'), 'destructiveHint')).toBe(true);
    expect(annotationOf(tool('a/b', { readOnlyHint: true }), 'destructiveHint')).toBe(false);
    expect(annotationOf(tool('a/b', { openWorldHint: 'yes' }), 'openWorldHint')).toBe(true);
  });

  it('matches servers and clients', () => {
    const policy = toolPolicySchema.parse({
      default: 'deny',
      rules: [{ effect: 'allow', servers: ['mem*'], identities: ['client:cursor'] }],
    });
    expect(decide(policy, { token: null, client: 'cursor' }, tool('memory/read_graph')).allowed).toBe(true);
    expect(decide(policy, { token: null, client: 'codex' }, tool('memory/read_graph')).allowed).toBe(false);
    expect(decide(policy, { token: null, client: 'cursor' }, tool('github/get_issue')).allowed).toBe(false);
  });

  it('says a rule in words', () => {
    expect(describeRule(POLICY.rules[0]!)).toBe('deny github/delete_* for token:ci-agent');
    expect(describeRule(POLICY.rules[1]!)).toBe('allow readOnlyHint true for token:support-bot');
    expect(describeRule({ effect: 'deny' })).toBe('deny every tool for everyone');
  });
});

describe('decideServer: what a server offers besides tools', () => {
  const policy = toolPolicySchema.parse({
    rules: [
      { effect: 'deny', tools: ['fs/write_*'], identities: ['token:ci'] },
      { effect: 'deny', annotations: { readOnlyHint: false }, identities: ['token:ci'] },
      { effect: 'deny', servers: ['fs'], identities: ['token:ci'] },
      { effect: 'deny', tools: ['github/*'], identities: ['client:cursor'] },
      { effect: 'deny', servers: ['mem*'], annotations: {}, identities: ['client:cursor'] },
      { effect: 'allow', identities: ['client:codex'] },
    ],
    default: 'deny',
  });
  const server = (identity: { token: string | null; client: string | null }, name: string) => compilePolicy(policy).decideServer(identity, name);

  it('is decided by the first rule for the identity with neither tools nor annotations, else by the default', () => {
    // Rules 1 and 2 are about some tools; rule 3 names the server.
    expect(server({ token: 'ci', client: null }, 'fs')).toEqual({ allowed: false, rule: 2 });
    // A tools pattern is about tools, even one that takes in every tool of the server.
    expect(server({ token: null, client: 'cursor' }, 'github')).toEqual({ allowed: false, rule: null });
    expect(server({ token: null, client: 'cursor' }, 'memory')).toEqual({ allowed: false, rule: 4 });
    expect(server({ token: null, client: 'codex' }, 'gitlab')).toEqual({ allowed: true, rule: 5 });
    expect(server({ token: 'other', client: null }, 'fs')).toEqual({ allowed: false, rule: null });
    expect(compilePolicy(POLICY).decideServer(ci, 'github')).toEqual({ allowed: true, rule: null });
    // "Deny every tool" of the read-only recipe takes in every server whole.
    expect(compilePolicy(POLICY).decideServer(support, 'github')).toEqual({ allowed: false, rule: 2 });
  });
});

describe('globMatcher', () => {
  it('reads * as any run of characters, / included, ? as one, and the rest literally', () => {
    expect(globMatcher('github/delete_*')('github/delete_repo')).toBe(true);
    expect(globMatcher('github/delete_*')('github/create_repo')).toBe(false);
    expect(globMatcher('*/delete_*')('gitlab/delete_branch')).toBe(true);
    expect(globMatcher('a.b/c?')('a.b/cd')).toBe(true);
    expect(globMatcher('a.b/c?')('aXb/cd')).toBe(false);
    expect(globMatcher('GitHub/*')('github/x')).toBe(false);
  });

  it('matches `*a*a*a*b` against a 512-character name at once (a regex glob backtracked for 42 s)', () => {
    const t0 = performance.now();
    expect(globMatcher('*a*a*a*b')('a'.repeat(512))).toBe(false);
    expect(globMatcher('*a*a*a*b')(`${'a'.repeat(511)}b`)).toBe(true);
    expect(globMatcher('*?a*a?*a*b')(`${'a'.repeat(256)}x${'a'.repeat(255)}`)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(250);
  });

  it('agrees with the regex a glob reads as, on short names', () => {
    // The regex is the meaning, fine on names this short; the matcher must say the same.
    const asRegex = (glob: string) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
        's',
      );
    const chars = fc.constantFrom('a', 'b', '/', '.', '_');
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(chars, fc.constantFrom('*', '?')), maxLength: 8 }), fc.string({ unit: chars, maxLength: 10 }), (glob, name) => {
        expect(globMatcher(glob)(name)).toBe(asRegex(glob).test(name));
      }),
      { numRuns: 2_000, seed: 45 },
    );
  });
});

describe('policyForToken', () => {
  it('keeps what the token and its clients need and nothing of other tokens', () => {
    const narrowed = policyForToken(
      toolPolicySchema.parse({
        rules: [
          { effect: 'deny', tools: ['a/*'], identities: ['token:other'] },
          { effect: 'deny', tools: ['b/*'], identities: ['token:other', 'client:cursor'] },
          { effect: 'deny', tools: ['c/*'], identities: ['token:me', 'client:cursor'] },
        ],
      }),
      'me',
    );
    expect(narrowed.rules).toEqual([
      { effect: 'deny', tools: ['b/*'], identities: ['client:cursor'] },
      { effect: 'deny', tools: ['c/*'] },
    ]);
    expect(JSON.stringify(narrowed)).not.toContain('other');
    expect(someSessionMayUse(narrowed, tool('b/x'))).toBe(true);
    expect(someSessionMayUse(narrowed, tool('c/x'))).toBe(false);
  });

  it('says where each rule it keeps stands in the project policy and whom it names there, other tokens left out', () => {
    const { sources } = narrowPolicy(
      toolPolicySchema.parse({
        rules: [
          { effect: 'deny', tools: ['a/*'], identities: ['token:other'] },
          { effect: 'deny', tools: ['b/*'], identities: ['token:other', 'client:cursor'] },
          { effect: 'deny', tools: ['c/*'], identities: ['token:me', 'token:other', 'client:cursor'] },
          { effect: 'deny', tools: ['d/*'] },
        ],
      }),
      'me',
    );
    expect(sources).toEqual([
      { rule: 2, identities: ['client:cursor'] },
      { rule: 3, identities: ['token:me', 'client:cursor'] },
      { rule: 4, identities: [] },
    ]);
  });
});
