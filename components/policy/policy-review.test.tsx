import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PolicyWriteResult } from '@/lib/contracts/policy';
import { PolicyReview } from './policy-review';

const DIFF = `--- policy (version 3)
+++ policy (proposed)
@@ -1,2 +1,6 @@
 default: allow
-rules: []
+rules:
+  - effect: deny
+    identities: [token:ci]
+    tools: [github/create_*]
`;

function plan(overrides: Partial<PolicyWriteResult> = {}): PolicyWriteResult {
  return {
    project: 'shop',
    dryRun: true,
    applied: false,
    changed: true,
    version: 3,
    policy: { default: 'allow', rules: [{ effect: 'deny', identities: ['token:ci'], tools: ['github/create_*'] }] },
    diff: DIFF,
    identities: [
      { identity: 'token:ci', gained: [], lost: ['github/create_issue', 'github/create_branch'] },
      { identity: 'client:codex', gained: ['filesystem/write_file'], lost: [] },
    ],
    warnings: [{ path: 'rules[0].identities[0]', message: 'the project has no token named ci' }],
    ...overrides,
  };
}

describe('PolicyReview', () => {
  it('shows the YAML diff, added lines as good news and removed ones as bad', () => {
    render(<PolicyReview result={plan()} />);
    const diff = screen.getByRole('region', { name: 'YAML diff' });
    expect(diff.textContent).toContain('+    tools: [github/create_*]');
    expect(within(diff).getByText('-rules: []').className).toBe('tone-danger');
    expect(within(diff).getByText('+ - effect: deny').className).toBe('tone-ok');
  });

  it('lists per identity the tools it loses and gains, by name', () => {
    render(<PolicyReview result={plan()} />);
    const changes = screen.getAllByTestId('policy-change');
    expect(changes.map((c) => c.querySelector('strong')?.textContent)).toEqual(['The token ci', 'The client codex']);
    const lost = within(changes[0]!).getByRole('list', { name: 'Tools the token ci lost' });
    expect(
      within(lost)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['github/create_issue', 'github/create_branch']);
    expect(changes[0]!.textContent).toContain('− may no longer use 2 tools');
    expect(within(changes[0]!).queryByRole('list', { name: 'Tools the token ci gained' })).toBeNull();
    const gained = within(changes[1]!).getByRole('list', { name: 'Tools the client codex gained' });
    expect(gained.textContent).toBe('filesystem/write_file');
  });

  it('shows the warnings with where they are', () => {
    render(<PolicyReview result={plan()} />);
    expect(screen.getByTestId('policy-warnings').textContent).toBe('rules[0].identities[0] the project has no token named ci');
  });

  it('says so when nothing would change, and shows no diff', () => {
    render(<PolicyReview result={plan({ changed: false, diff: '', identities: [], warnings: [] })} />);
    expect(screen.getByTestId('policy-review').textContent).toBe('This is the policy already in force: saving would change nothing.');
    expect(screen.queryByRole('region', { name: 'YAML diff' })).toBeNull();
  });

  it('says when a change moves no catalog tool for anyone', () => {
    render(<PolicyReview result={plan({ identities: [], warnings: [] })} />);
    expect(screen.getByTestId('policy-review').textContent).toContain('No one gains or loses a tool of the catalog by this change.');
  });
});
