import { expect, test } from '@playwright/test';

// The docs an API error points at: its `cited_rule` (§favourites) is a section of /docs/rules,
// and the routes are in /docs/api, both served by the app itself.

test('a cited rule opens at its section of /docs/rules', async ({ page }) => {
  await page.goto('/docs/rules#favourites');
  const section = page.getByRole('heading', { level: 2, name: 'Favourites' });
  await expect(section).toHaveAttribute('id', 'favourites');
  await expect(section).toBeInViewport();
  await expect(page.getByText('MAX_FAVOURITES_BELOW_PINNED').first()).toBeVisible();

  // Every rule an error may cite has its section, and the errors table lists the codes.
  for (const id of ['names', 'events', 'usage', 'catalog', 'surface', 'yaml', 'errors', 'auth', 'storage']) {
    await expect(page.locator(`h2#${id}`)).toHaveCount(1);
  }
  await expect(page.getByRole('cell', { name: 'VERSION_REQUIRED', exact: true })).toBeVisible();
});

test('the header leads to the API reference, which describes each operation', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', '/docs/rules');
  await main.getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);

  const ingest = page.getByRole('article', { name: 'POST /api/projects/{id}/events' });
  await expect(ingest).toBeVisible();
  await expect(ingest.getByText('Ingest tool_call_trace events')).toBeVisible();
  await expect(ingest.getByText('access: events:write')).toBeVisible();
  await expect(ingest.getByRole('table', { name: 'Parameters' }).getByRole('cell', { name: 'id', exact: true })).toBeVisible();
  await expect(ingest.getByText('application/x-ndjson')).toBeVisible();
  await expect(ingest.getByRole('table', { name: 'Responses' }).getByRole('cell', { name: '413', exact: true })).toBeVisible();

  // Body schemas are collapsed until asked for.
  const schema = ingest.locator('details').first();
  await expect(schema.locator('pre')).toBeHidden();
  await schema.locator('summary').click();
  await expect(schema.locator('pre')).toContainText('"timestamp"');

  // A rule named in a description links to its section.
  await ingest.getByRole('link', { name: '§events' }).first().click();
  await expect(page).toHaveURL(/\/docs\/rules#events$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeInViewport();
});
