import { expect, test } from '@playwright/test';
import { catalogs, githubProjectPinning, newProject, putCatalog } from './helpers';

test('keep favourites loaded in clients that defer tools: a switch beside the favourite settings that asks, then saves to what the proxy reads', async ({
  page,
  request,
}) => {
  const id = await newProject(request, 'loaded');
  await putCatalog(request, id, 'github');
  expect((await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool: 'github/create_issue' } })).ok()).toBe(true);
  const surface = async () => (await (await request.get(`/api/projects/${id}/surface?mode=deferred`)).json()).alwaysLoadFavourites;

  await page.goto(`/projects/${id}/favourites`);
  const setting = page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' });
  await expect(setting).toBeChecked();
  await expect(page.getByTestId('always-load-setting')).toContainText('Claude Code sends the favourites’ full schemas to the model up front');

  // Flipping it asks first: nothing is saved before Apply.
  await setting.click();
  await expect(setting).toBeChecked();
  await expect(page.getByTestId('always-load-setting').getByTestId('plan-fields')).toHaveText('Keep favourites loaded: on → off');
  expect(await surface()).toBe(true);
  await page.getByTestId('always-load-setting').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('always-load-setting')).toContainText('Claude Code defers the favourites like every other tool');
  await expect(setting).not.toBeChecked();
  await expect.poll(surface).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' })).not.toBeChecked();

  // The YAML export carries the setting too, and turning it back on is one more click.
  await expect((await request.get(`/api/projects/${id}/yaml`)).text()).resolves.toContain('alwaysLoadFavourites: false');
  await page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' }).click();
  await page.getByTestId('always-load-setting').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' })).toBeChecked();
  await expect.poll(surface).toBe(true);
});

test('the preview shows deferred mode: every tool once by its typed name, the favourites first, with its instruction', async ({ page, request }) => {
  const id = await githubProjectPinning(request, 'deferred', ['github/search_code', 'github/create_issue']);
  await page.goto(`/projects/${id}/preview`);
  const card = page.getByTestId('mode-card-deferred');
  await expect(card).toContainText('favourites first and kept loaded');
  await card.getByRole('button', { name: 'Open the list' }).click();
  await expect(page.getByTestId('instruction')).toContainText('with your tool search');
  const rows = page.getByTestId('mode-list').locator('tbody tr');
  await expect(rows.nth(0)).toContainText('github__search_code');
  await expect(rows.nth(1)).toContainText('github__create_issue');
  await expect(rows.nth(2)).toContainText('github__create_or_update_file');
  await expect(rows).toHaveCount(catalogs.github.tools.length);
});
