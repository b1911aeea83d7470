import { expect, test } from '@playwright/test';
import { putCatalog, uniqueId } from './helpers';

test('keep favourites loaded in clients that defer tools: a switch beside the favourite settings, saved to what the proxy reads', async ({ page, request }) => {
  const id = uniqueId('loaded');
  expect((await request.post('/api/projects', { data: { id } })).ok()).toBe(true);
  await putCatalog(request, id, 'github');
  expect((await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool: 'github/create_issue' } })).ok()).toBe(true);
  const surface = async () => (await (await request.get(`/api/projects/${id}/surface?mode=deferred`)).json()).alwaysLoadFavourites;

  await page.goto(`/projects/${id}/favourites`);
  const setting = page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' });
  await expect(setting).toBeChecked();
  await expect(page.getByTestId('always-load-setting')).toContainText('Claude Code sends the favourites’ full schemas to the model up front');

  await setting.click();
  await expect(page.getByTestId('always-load-setting')).toContainText('Claude Code defers the favourites like every other tool');
  await expect(setting).not.toBeChecked();
  await expect.poll(surface).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' })).not.toBeChecked();

  // The YAML export carries the setting too, and turning it back on is one more click.
  await expect((await request.get(`/api/projects/${id}/yaml`)).text()).resolves.toContain('alwaysLoadFavourites: false');
  await page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' }).click();
  await expect(page.getByRole('switch', { name: 'Keep favourites loaded in clients that defer tools' })).toBeChecked();
  await expect.poll(surface).toBe(true);
});
