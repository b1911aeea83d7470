import { expect, test } from '@playwright/test';
import { PLANTED_SERVER, PLANTED_TOOLS } from '../test/findability-catalog';
import { newProject } from './helpers';

test('findability: a person sees the near-duplicate pair flagged with what to change, and a test query that misses', async ({ page, request }) => {
  const id = await newProject(request, 'findability');
  expect((await request.put(`/api/projects/${id}/catalog/${PLANTED_SERVER}`, { data: { tools: PLANTED_TOOLS } })).ok()).toBe(true);

  await page.goto(`/projects/${id}/preview`);
  const panel = page.getByTestId('findability');
  await expect(panel.getByRole('heading', { name: 'Findability of deferred tools' })).toBeVisible();
  // The preview goes through no client, so the panel starts with Codex's search.
  await expect(panel.getByLabel('Search', { exact: true })).toHaveValue('codex');
  await expect(panel.getByTestId('findability-summary')).toContainText('6 deferred tools in favourites first mode');
  await expect(panel.getByTestId('findability-summary')).toContainText('lose to a sibling: 2');

  const flagged = panel.getByTestId('findability-flagged');
  // The row whose first cell names the tool.
  const rowOf = (tool: string) => flagged.getByRole('row').filter({ has: page.locator('td:first-child').getByText(tool, { exact: true }) });
  const update = rowOf('records/update');
  await expect(update.getByRole('cell').nth(2)).toHaveText('records/update_v2');
  await expect(update).toContainText('Start its description with what sets it apart from records/update_v2');
  const v2 = rowOf('records/update_v2');
  await expect(v2.getByRole('cell').nth(2)).toHaveText('records/update');
  // A tool described in words of its own is found, so it is not listed.
  await expect(rowOf('records/send_email')).toHaveCount(0);

  // A test query whose words the tool lacks: reported as missed, with the words to add.
  const tests = panel.getByTestId('test-queries');
  await tests.getByRole('textbox', { name: 'Query' }).fill('archive old entries');
  await tests.getByLabel('Tool (server/tool)').fill('records/delete_record');
  await tests.getByRole('button', { name: 'Add test query' }).click();
  const added = tests.getByRole('row').filter({ hasText: 'archive old entries' });
  await expect(added).toContainText('missed');
  const deleteRow = rowOf('records/delete_record');
  await expect(deleteRow).toContainText("The test query 'archive old entries' does not match it");
  await expect(deleteRow).toContainText("lack 'archive', 'old'");

  // One the search finds.
  await tests.getByRole('textbox', { name: 'Query' }).fill('send a message to a customer');
  await tests.getByLabel('Tool (server/tool)').fill('records/send_email');
  await tests.getByRole('button', { name: 'Add test query' }).click();
  await expect(tests.getByRole('row').filter({ hasText: 'send a message to a customer' })).toContainText('found (rank 1)');

  // A tool the catalog lacks is refused, and the kept queries stay.
  await tests.getByRole('textbox', { name: 'Query' }).fill('open a pull request');
  await tests.getByLabel('Tool (server/tool)').fill('github/create_pull_request');
  await tests.getByRole('button', { name: 'Add test query' }).click();
  await expect(tests.getByRole('alert')).toContainText('github/create_pull_request');
  await expect(tests.getByRole('row').filter({ hasText: 'records/' })).toHaveCount(2);

  // Anthropic's regex search loads 3 per search: the panel says so.
  await panel.getByLabel('Search', { exact: true }).selectOption('anthropic-regex');
  await expect(panel.getByText('tool_search_tool_regex_20251119')).toBeVisible();
  await expect(panel.getByText('loads 3 per search')).toBeVisible();

  await tests.getByRole('button', { name: 'Remove the test query archive old entries' }).click();
  await expect(tests.getByRole('row').filter({ hasText: 'archive old entries' })).toHaveCount(0);
});
