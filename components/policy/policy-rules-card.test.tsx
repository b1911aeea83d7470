import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PolicyView, PolicyWriteResult } from '@/lib/contracts/policy';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { PolicyRulesCard } from './policy-rules-card';

const VIEW: PolicyView = {
  project: 'shop',
  version: 3,
  policy: { default: 'allow', rules: [] },
  catalogTools: 40,
  identities: [{ identity: 'token:ci', kind: 'token', name: 'ci', from: ['token'], allowed: 40, denied: 0 }],
  deniedToEveryone: [],
};
const WANTED: ToolPolicy = { default: 'allow', rules: [{ effect: 'deny', identities: ['token:ci'], tools: ['github/create_*'] }] };

function result(version: number, overrides: Partial<PolicyWriteResult> = {}): PolicyWriteResult {
  return {
    project: 'shop',
    dryRun: true,
    applied: false,
    changed: true,
    version,
    policy: WANTED,
    diff: `@@ -1,2 +1,5 @@\n default: allow\n-rules: []\n+rules:\n+  - effect: deny\n`,
    identities: [{ identity: 'token:ci', gained: [], lost: ['github/create_issue'] }],
    warnings: [],
    ...overrides,
  };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const STALE = {
  error_code: 'VERSION_MISMATCH',
  message: 'the policy changed since version 3',
  retryable: false,
  suggested_action: 'review the change again',
  cited_rule: '§policy',
};

async function editAndReview(answers: (() => Promise<Response>)[]) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => (answers.shift() ?? (() => new Promise<Response>(() => {})))());
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PolicyRulesCard id="shop" view={VIEW} identities={['token:ci']} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add a rule' }));
  await user.type(screen.getByLabelText('Rule 1: tools'), 'github/create_*');
  await user.click(screen.getByLabelText('Rule 1: the token ci'));
  await user.click(screen.getByRole('button', { name: 'Review changes' }));
  const bodies = () => fetch.mock.calls.map(([url, init]) => ({ call: `${init?.method} ${url}`, ...JSON.parse(String(init?.body)) }));
  return { user, bodies };
}

describe('PolicyRulesCard', () => {
  it('reviews by a dry run, saving nothing, then saves over the version reviewed', async () => {
    const { user, bodies } = await editAndReview([() => json(result(3)), () => json(result(4, { dryRun: false, applied: true }))]);
    const review = await screen.findByRole('group', { name: 'Review the policy change' });
    expect(within(review).getByRole('list', { name: 'Tools the token ci lost' }).textContent).toBe('github/create_issue');
    expect(bodies()).toEqual([{ call: 'PUT /api/projects/shop/policy', policy: WANTED, dryRun: true, via: 'ui' }]);
    expect(within(review).getByRole('button', { name: 'Save' })).toBe(document.activeElement);

    await user.click(within(review).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('policy-saved')).textContent).toBe('Saved as version 4.');
    expect(bodies()[1]).toEqual({ call: 'PUT /api/projects/shop/policy', policy: WANTED, basis: 3, dryRun: false, via: 'ui' });
    expect(screen.queryByRole('group', { name: 'Review the policy change' })).toBeNull();
  });

  it('when someone saved meanwhile, saves nothing and shows the change again over theirs', async () => {
    const theirs = result(5, { diff: '@@ -1,3 +1,5 @@\n default: allow\n rules:\n+  - effect: deny\n', identities: [] });
    const { user, bodies } = await editAndReview([() => json(result(3)), () => json(STALE, 412), () => json(theirs)]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect((await screen.findByTestId('policy-stale')).textContent).toContain('Someone else changed the policy meanwhile, so nothing was saved.');
    expect(screen.getByRole('region', { name: 'YAML diff' }).textContent).toContain(' rules:\n+  - effect: deny');
    expect(screen.queryByTestId('policy-saved')).toBeNull();
    expect(bodies().map((b) => [b.dryRun, b.basis])).toEqual([
      [true, undefined],
      [false, 3],
      [true, undefined],
    ]);
    // The next save is over their version.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(bodies()[3]).toMatchObject({ dryRun: false, basis: 5 });
  });

  it('an edit after the review drops it: what would be saved is always what was reviewed', async () => {
    const { user } = await editAndReview([() => json(result(3))]);
    await screen.findByRole('group', { name: 'Review the policy change' });
    await user.type(screen.getByLabelText('Rule 1: tools'), ', github/push_files');
    expect(screen.queryByRole('group', { name: 'Review the policy change' })).toBeNull();
  });
});
