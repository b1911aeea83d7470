import { expect, test } from '@playwright/test';
import { fullProject, newProject, putCatalog, sendEvents } from './helpers';

test('usage: explained KPIs, the sort kept in the URL, pin from Pin next, and a fix for each unresolved name', async ({ page, request }) => {
  const id = await fullProject(request, 'usage-actions');
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId('stat-calls')).toHaveText('11');
  // Every KPI says what it counts, on the page.
  const stats = page.getByRole('group', { name: 'Totals for the window' });
  await expect(stats.getByTestId('kpi-help')).toHaveCount(6);
  await expect(stats.getByTestId('kpi-help').first()).toHaveText('Tool calls in the window, of every kind.');

  // Sorting the tools table by calls goes into the URL, and a reload keeps it.
  const table = page.getByTestId('usage-table');
  await table.getByRole('button', { name: 'Calls' }).click();
  await expect(page).toHaveURL(/[?&]sort=calls\.desc/);
  await expect(table.locator('th[aria-sort="descending"]')).toContainText('Calls');
  await page.reload();
  await expect(table.locator('th[aria-sort="descending"]')).toContainText('Calls');
  // Another window keeps the sort.
  await page.getByRole('group', { name: 'Window' }).getByRole('button', { name: '7d' }).click();
  await expect(page).toHaveURL(/[?&]window=7d/);
  await expect(page).toHaveURL(/[?&]sort=calls\.desc/);
  await expect(table.locator('th[aria-sort="descending"]')).toContainText('Calls');

  // Pin next: the suggestion has its button; the pin is said aloud and made.
  const pinNext = page.getByTestId('pin-next');
  const pin = pinNext.getByRole('button', { name: 'Pin github/search_repositories' });
  await pin.click();
  await expect(page.getByTestId('pin-next-status')).toHaveText('Pinned github/search_repositories.');
  await expect(page.getByRole('heading', { name: 'Pin next' })).toBeFocused();
  const favourites = await (await request.get(`/api/projects/${id}/favourites`)).json();
  expect(favourites.tools).toContain('github/search_repositories');

  // The unresolved name links to the upload of a catalog.
  const unresolved = page.getByTestId('unresolved-panel');
  await expect(unresolved).toContainText('1 call');
  const upload = unresolved.getByRole('link', { name: /Upload the catalog of .* for jira__create_ticket_with_a_very_long_name/ });
  await expect(upload).toHaveAttribute('href', `/projects/${id}/catalog#upload-heading`);
  await upload.click();
  await expect(page.getByRole('heading', { name: 'Upload a tools/list file' })).toBeVisible();
});

test('an empty usage window offers the ready-to-copy first event', async ({ page, request }) => {
  const id = await newProject(request, 'usage-empty');
  // One call, three weeks ago: the project is past its first steps, and the last 7 days are empty.
  await sendEvents(request, id, [{ id: 'old-1', timestamp: new Date(Date.now() - 21 * 86_400_000).toISOString(), tool: 'example/hello' }]);
  await page.goto(`/projects/${id}?window=7d`);
  const empty = page.getByTestId('usage-empty');
  await expect(empty).toContainText('No calls in this window.');
  await expect(empty.getByTestId('first-event-command')).toContainText(`/api/projects/${id}/events`);
  await expect(page.getByTestId('first-event-command')).toHaveCount(1);
});

test("a call to a server the catalog lacks leads to that server's upload, named already, and then resolves", async ({ page, request }) => {
  const id = await newProject(request, 'usage-upload');
  await putCatalog(request, id, 'github');
  await sendEvents(request, id, [{ id: 'j-1', timestamp: new Date(Date.now() - 60_000).toISOString(), tool: 'jira/create_ticket', sessionId: 's-1' }]);

  await page.goto(`/projects/${id}`);
  const upload = page.getByTestId('unresolved-panel').getByRole('link', { name: 'Upload the catalog of jira for jira/create_ticket' });
  await expect(upload).toHaveAttribute('href', `/projects/${id}/catalog?server=jira#upload-heading`);
  await upload.click();
  await expect(page.getByTestId('upload-wanted')).toContainText('jira');

  // The file names no server: the one the call asked for is filled in, and the upload resolves it.
  const toolsList = { tools: [{ name: 'create_ticket', inputSchema: { type: 'object' } }] };
  await page
    .getByLabel('Choose a tools/list JSON file')
    .setInputFiles({ name: 'tools.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(toolsList)) });
  const confirm = page.getByRole('form', { name: 'Upload the file' });
  await expect(confirm.getByRole('textbox', { name: 'Server name' })).toHaveValue('jira');
  await confirm.getByRole('button', { name: 'Upload 1 tool' }).click();
  await expect(page.getByText('Uploaded jira: 1 tool, catalog version 1. 1 stored call now resolves.')).toBeVisible();
  await expect(page.getByTestId('upload-wanted')).toHaveCount(0);
  const usage = await (await request.get(`/api/projects/${id}/usage`)).json();
  expect(usage.unresolved).toEqual([]);
});
