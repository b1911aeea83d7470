import { expect, test } from '@playwright/test';
import { projectWithFavourites, uniqueId } from './helpers';

test('client names: through Claude Code a slash-named project is refused; switching it to safe names clears that, and /surface serves them', async ({
  page,
  request,
}) => {
  // A project like the demo was before safe names: real catalogs, favindex mode for OpenAI, slash names.
  const id = uniqueId('names');
  await projectWithFavourites(request, id, { mode: 'favindex', target: 'openai', naming: 'slash' });

  await page.goto(`/projects/${id}/preview`);
  await page.getByLabel('MCP client').selectOption('claude-code');
  await expect(page).toHaveURL(/[?&]client=claude-code/);
  await expect(page.getByTestId('client-summary')).toContainText('mcp__favindex__<tool>');

  // Claude Code talks to Anthropic, whatever the project's target: every favindex name reaches it as mcp__favindex__… with its '/', and is refused.
  await expect(page.getByLabel('Target')).toHaveValue('anthropic');
  const card = page.getByTestId('mode-card-favindex');
  await expect(card.getByTestId('refused-count')).toContainText('51');
  await expect(card.getByTestId('request-refused')).toContainText('Anthropic would refuse this request as a whole');
  await card.getByRole('button', { name: 'Open the list' }).click();
  const rows = page.getByTestId('mode-list').locator('tbody tr');
  await expect(rows.first()).toContainText('mcp__favindex__favourite/create_issue');
  await expect(rows.first()).toContainText('presented as favourite/create_issue');
  await expect(rows.first()).toContainText('name rejected');

  // The other tabs warn too, for the client picked here.
  await page.getByRole('link', { name: 'Favourites' }).click();
  await expect(page.getByTestId('project-warning')).toContainText('Through Claude Code, at Anthropic');
  await page.goBack();
  await expect(page.getByLabel('MCP client')).toHaveValue('claude-code');

  // The one change that fixes it.
  const refusal = page.getByTestId('preview-refusal');
  await expect(refusal).toContainText('would refuse this request as a whole');
  await expect(refusal).toHaveAttribute('data-level', 'broken');
  await refusal.getByRole('button', { name: 'Change the project to safe names…' }).click();
  await expect(refusal.getByTestId('plan-fields')).toHaveText('Tool names: slash → safe');
  await refusal.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByTestId('refused-count')).toHaveText('none');
  await expect(page.getByTestId('preview-refusal')).toHaveCount(0);
  await card.getByRole('button', { name: /Open the list|Showing the list/ }).click();
  await expect(page.getByTestId('mode-list').locator('tbody tr').first()).toContainText('mcp__favindex__fav_create_issue');

  // What a proxy is served follows: safe names, their instruction, a new ETag.
  const surface = await request.get(`/api/projects/${id}/surface`);
  const body = await surface.json();
  expect(body.naming).toBe('safe');
  expect(Object.keys(body.names).slice(0, 2)).toEqual(['fav_create_issue', 'fav_read_file']);
  expect(Object.keys(body.names).every((name) => /^(fav|all)_[A-Za-z0-9_-]+$/.test(name))).toBe(true);
  expect(body.instruction).toContain('Prefer the fav_ tools');
});
