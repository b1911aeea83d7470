import { expect, test } from '@playwright/test';
import { projectWithFavourites, uniqueId } from './helpers';

const tokensOf = async (text: Promise<string | null>) => Number((await text)?.replace(/[^\d]/g, '') ?? Number.NaN);

test('visibility: through Claude Code favourites are loaded and the rest go by name; tool search off loads everything and costs more', async ({
  page,
  request,
}) => {
  const id = uniqueId('visibility');
  await projectWithFavourites(request, id, { mode: 'favindex', target: 'anthropic' });

  await page.goto(`/projects/${id}/preview`);
  // The raw client has no tool search of its own: the Claude Code setting is not offered.
  await expect(page.getByLabel('Tool search (ENABLE_TOOL_SEARCH)')).toHaveCount(0);
  await expect(page.getByLabel('Provider tool search')).toBeVisible();
  await page.getByLabel('MCP client').selectOption('claude-code');
  await expect(page.getByLabel('Provider tool search')).toHaveCount(0);
  await expect(page.getByLabel('Model')).toHaveValue('claude');
  await expect(page.getByTestId('client-fit')).toContainText('Fits this view: deferred mode');
  // The verdict offers its change: the project is in favourites first mode.
  await expect(page.getByTestId('client-fit').getByRole('button', { name: 'Change the project to deferred mode…' })).toBeVisible();

  const card = page.getByTestId('mode-card-favindex');
  const line = card.getByTestId('visibility-line');
  await expect(line).toContainText('2 loaded · 49 by name only · 0 hidden');
  await expect(line).toContainText('per search');
  const deferred = await tokensOf(card.getByTestId('tokens-up-front').textContent());

  // The list says which are loaded and why.
  await card.getByRole('button', { name: 'Open the list' }).click();
  const rows = page.getByTestId('mode-list').locator('tbody tr');
  await expect(rows.nth(0)).toContainText('mcp__favindex__fav_create_issue');
  await expect(rows.nth(0)).toContainText('loaded');
  await expect(rows.nth(2)).toContainText('name only');

  // The facts say where they come from, and what is not known.
  await page.getByTestId('client-summary').locator('summary').click();
  const facts = page.getByTestId('client-facts');
  await expect(facts).toContainText('<available-deferred-tools>');
  await expect(facts).toContainText('code.claude.com/docs/en/mcp');
  await expect(facts).toContainText('Assumed: The size of ToolSearch');

  await page.getByLabel('Tool search (ENABLE_TOOL_SEARCH)').selectOption('off');
  await expect(line).toContainText('51 loaded · 0 by name only · 0 hidden');
  await expect(page.getByTestId('client-fit')).toContainText('Fits this view: favourites first mode');
  await expect(page.getByTestId('client-fit-in-use')).toHaveText('The project uses it.');
  await expect(page.getByTestId('client-fit').getByRole('button')).toHaveCount(0);
  await expect(rows.nth(2)).toContainText('loaded');
  const loaded = await tokensOf(card.getByTestId('tokens-up-front').textContent());
  expect(loaded).toBeGreaterThan(3 * deferred);
});
