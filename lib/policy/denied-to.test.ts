import { describe, expect, it } from 'vitest';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { deniedPinWarning, deniedToOf } from './denied-to';

const tool = (canonical: string) => ({ canonical, server: canonical.split('/')[0] ?? '' });
// Rules name a token by its id; whom a tool is denied to is said by name, as the Policy page says it.
const names = { tokens: [{ id: 'tok_ci', name: 'ci', live: true }], clients: ['cursor'] };

describe('deniedToOf', () => {
  it('says a rule for everyone denies a tool to every identity, and leaves the other tools alone', () => {
    const deniedTo = deniedToOf(toolPolicySchema.parse({ rules: [{ effect: 'deny', tools: ['memory/delete_*'] }] }), names);
    expect(deniedTo(tool('memory/delete_entities'))).toEqual({ identities: ['token:ci', 'client:cursor', '*'], everyone: true });
    expect(deniedTo(tool('memory/read_graph'))).toEqual({ identities: [], everyone: false });
  });

  it('names only the identities a narrower rule denies, and the tokens and clients only the rules know of', () => {
    const policy = toolPolicySchema.parse({
      rules: [
        { effect: 'deny', tools: ['github/delete_*'], identities: ['token:tok_ci'] },
        { effect: 'deny', tools: ['github/merge_*'], identities: ['client:codex'] },
      ],
    });
    const deniedTo = deniedToOf(policy, names);
    expect(deniedTo(tool('github/delete_repo'))).toEqual({ identities: ['token:ci'], everyone: false });
    expect(deniedTo(tool('github/merge_pr'))).toEqual({ identities: ['client:codex'], everyone: false });
  });

  it('counts a default deny with one identity allowed as not denied to everyone', () => {
    const policy = toolPolicySchema.parse({ default: 'deny', rules: [{ effect: 'allow', identities: ['token:tok_ci'] }] });
    expect(deniedToOf(policy, names)(tool('a/b'))).toEqual({ identities: ['client:cursor', '*'], everyone: false });
    expect(deniedToOf(policy, { tokens: [], clients: [] })(tool('a/b'))).toEqual({ identities: ['*'], everyone: false });
  });
});

describe('deniedPinWarning', () => {
  it('names the tools, or says nothing for none', () => {
    expect(deniedPinWarning([])).toBeNull();
    expect(deniedPinWarning(['memory/delete_entities'])).toBe(
      "memory/delete_entities is denied to every identity by the project's tool policy: no session is shown it or may call it; change the policy, or unpin it",
    );
  });
});
