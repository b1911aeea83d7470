import { expect, test } from '@playwright/test';
import { plantedMetaDrop } from '../test/planted-traces';
import { githubProjectPinning, sendEvents } from './helpers';

test('a favourites history entry opens the Impact page, which shows the effect planted after that change', async ({ page, request }) => {
  const id = await githubProjectPinning(request, 'impact', ['github/create_issue', 'github/list_issues']);
  // Revisions 1–3; after revision 3 (favourites version 3) model-a makes 40% fewer meta calls, model-b as many.
  const events = plantedMetaDrop();
  for (let i = 0; i < events.length; i += 1000) await sendEvents(request, id, events.slice(i, i + 1000));

  await page.goto(`/projects/${id}/favourites`);
  const entry = page.getByTestId('history').getByRole('listitem').filter({ hasText: 'v3' });
  await entry.getByRole('link', { name: 'What changed after this' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}/impact\\?favouritesVersion=3`));
  await expect(page.getByRole('link', { name: 'Impact' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('impact-change')).toContainText('r3');
  await expect(page.getByTestId('impact-change')).toContainText('pinned github/list_issues');

  // Meta calls per session, by model: the drop where it was planted, inside its interval; nothing where it was not.
  const segments = page.getByTestId('impact-segments');
  const a = segments.getByRole('row', { name: /model: model-a/ });
  await expect(a).toContainText('↓ lower · better');
  const interval = a.locator('[data-low]');
  expect(Number(await interval.getAttribute('data-low'))).toBeLessThan(-0.4);
  expect(Number(await interval.getAttribute('data-high'))).toBeGreaterThan(-0.4);
  await expect(segments.getByRole('row', { name: /model: model-b/ })).toContainText('no clear change');
  await expect(page.getByTestId('impact-forest')).toBeVisible();
  await expect(page.getByTestId('impact-trend')).toBeVisible();

  // The change before it had no effect planted: picking it says so for model-a too.
  await page.getByLabel('Change to judge').selectOption('2');
  await expect(page).toHaveURL(/revision=2/);
  await expect(page.getByTestId('impact-change')).toContainText('r2');
  await expect(segments.getByRole('row', { name: /model: model-a/ })).toContainText('no clear change');

  // The backtest needs calls in a week and in the days before it: these all fall in the last hour.
  await expect(page.getByTestId('backtest-table')).toBeVisible();
  await expect(page.getByTestId('backtest-recommendation')).toContainText('nothing to backtest');

  // The Usage page breaks the same calls down by model.
  await page.getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByTestId('model-breakdown').getByRole('row', { name: /model-a/ })).toBeVisible();
});
