import { expect, test } from '@playwright/test';
import { putCatalog, uniqueId } from './helpers';

test('Policy: deny github/create_* for a token, reviewed before it is saved, then dated in History and explained in "What may it do"', async ({
  page,
  request,
}) => {
  const id = uniqueId('policy');
  expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
  await putCatalog(request, id, 'github');
  expect((await request.post(`/api/projects/${id}/tokens`, { data: { name: 'ci' } })).status()).toBe(201);

  await page.goto(`/projects/${id}`);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Policy' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}/policy$`));
  const rules = page.getByTestId('policy-rules');
  await expect(rules).toContainText('the first rule that matches a tool and whoever is asking decides');
  await expect(rules.getByTestId('no-rules')).toHaveText('No rules yet: every tool is allowed for everyone.');

  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await rules.getByLabel('Rule 1: tools').fill('github/create_*');
  await rules.getByLabel('Rule 1: the token ci').check();
  await rules.getByLabel('Rule 1: why').fill('CI opens nothing by itself');
  await expect(rules.getByTestId('rule-sentence')).toHaveText('Deny github/create_* for the token ci');

  // The review: the YAML diff, and the tools the token loses; nothing is saved yet.
  await rules.getByRole('button', { name: 'Review changes' }).click();
  const review = rules.getByRole('group', { name: 'Review the policy change' });
  await expect(review.getByRole('region', { name: 'YAML diff' })).toContainText('github/create_*');
  const lost = review.getByRole('list', { name: 'Tools the token ci lost' });
  await expect(lost.getByRole('listitem').filter({ hasText: /^github\/create_issue$/ })).toHaveCount(1);
  await expect(lost).not.toContainText('github/get_issue');
  expect((await (await request.get(`/api/projects/${id}/policy`)).json()).policy.rules).toEqual([]);

  await review.getByRole('button', { name: 'Save' }).click();
  await expect(rules.getByTestId('policy-saved')).toHaveText(/^Saved as version \d+\.$/);
  await expect(review).toHaveCount(0);

  const history = page.getByTestId('policy-history-table');
  const change = history.getByRole('row').filter({ hasText: 'the dashboard' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('first policy: default allow, 1 rule');

  const access = page.getByTestId('policy-access');
  await access.getByRole('combobox', { name: 'Who' }).selectOption({ label: 'the token ci' });
  await expect(access.getByRole('heading', { name: 'What may the token ci do?' })).toBeVisible();
  await access.getByRole('searchbox', { name: 'Search tools, rules and notes' }).fill('github/create_issue');
  const denied = access.getByTestId('access-tools').getByRole('row').filter({ hasText: 'github/create_issue' });
  await expect(denied).toContainText('denied');
  await expect(denied).toContainText('Rule 1:');
  await expect(denied).toContainText('CI opens nothing by itself');
  await access.getByRole('searchbox', { name: 'Search tools, rules and notes' }).fill('github/get_issue');
  const allowed = access.getByTestId('access-tools').getByRole('row').filter({ hasText: 'github/get_issue' }).first();
  await expect(allowed).toContainText('allowed');

  // It stays saved: a reload reads the rule back from the server.
  await page.reload();
  await expect(page.getByTestId('policy-rules').getByTestId('rule-sentence')).toHaveText('Deny github/create_* for the token ci');
});

test('Preview: the lists of one token, and each tool its rules keep from it with the rule', async ({ page, request }) => {
  const id = uniqueId('policy-preview');
  expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
  await putCatalog(request, id, 'github');
  expect((await request.post(`/api/projects/${id}/tokens`, { data: { name: 'ci' } })).status()).toBe(201);
  const saved = await request.put(`/api/projects/${id}/policy`, {
    data: { policy: { default: 'allow', rules: [{ effect: 'deny', tools: ['github/create_*'], identities: ['token:ci'], note: 'CI opens nothing' }] } },
  });
  expect(saved.status()).toBe(200);

  await page.goto(`/projects/${id}/preview?open=eager`);
  const who = page.getByRole('region', { name: 'Who is asking' });
  await expect(who.getByTestId('policy-hidden-none')).toBeVisible();
  await expect(page.getByTestId('mode-detail')).toContainText('github__create_issue');

  await who.getByRole('combobox', { name: 'Token' }).selectOption('ci');
  await expect(page).toHaveURL(/asToken=ci/);
  const hidden = who.getByTestId('policy-hidden');
  await expect(hidden).toContainText('github/create_issue — rule 1: deny github/create_* for token:ci (CI opens nothing)');
  await expect(page.getByTestId('mode-detail')).not.toContainText('github__create_issue');
  await expect(page.getByTestId('mode-detail')).toContainText('github__get_issue');

  // A link keeps the identity.
  await page.reload();
  await expect(who.getByRole('combobox', { name: 'Token' })).toHaveValue('ci');
  await expect(who.getByTestId('policy-hidden')).toBeVisible();
});
