import { expect, test } from '@playwright/test';
import { dailyCalls } from '../test/planted-traces';
import { newProject, putCatalog, sendEvents } from './helpers';

test('the backtest charts draw their series, axes and names, and the keyboard reads them', async ({ page, request }) => {
  const id = await newProject(request, 'backtest');
  await putCatalog(request, id, 'github');
  // Five weeks of calls whose habit moves from get_issue to list_issues: the rule's pick ages.
  await sendEvents(request, id, [
    ...dailyCalls(34, 15, { 'github/get_issue': 3, 'github/list_issues': 1, 'github/create_issue': 1 }),
    ...dailyCalls(14, 0, { 'github/list_issues': 3, 'github/get_issue': 1 }),
  ]);
  const report = await (await request.get(`/api/projects/${id}/backtest?weeks=8&train=28d`)).json();
  expect(report.curve.length).toBeGreaterThan(1);
  expect(report.refresh.length).toBeGreaterThan(1);

  await page.goto(`/projects/${id}/impact`);
  const weekly = page.getByTestId('backtest-weekly-chart');
  const curve = page.getByTestId('backtest-curve-chart');
  const refresh = page.getByTestId('backtest-refresh-chart');

  // Each chart is named for screen readers, and takes the keyboard.
  await expect(weekly.getByRole('application', { name: "Share of each week's calls caught" })).toBeVisible();
  await expect(weekly.locator('.recharts-bar')).toHaveCount(3);

  await expect(curve.getByRole('application', { name: 'Calls caught by K favourites' })).toBeVisible();
  await expect(curve.locator('.recharts-line')).toHaveCount(2);
  // The share axis from 0% to 100%, K up to the last point of the curve, and the recommended K marked.
  const curveText = curve.getByRole('application');
  await expect(curveText).toContainText('0%');
  await expect(curveText).toContainText('100%');
  await expect(curveText).toContainText(String(report.curve.length));
  if (report.recommendation.k) await expect(curveText).toContainText(`K ${report.recommendation.k}`);

  await expect(refresh.getByRole('application', { name: 'Calls a suggestion catches as it ages' })).toBeVisible();
  await expect(refresh.locator('.recharts-line')).toHaveCount(1);
  await expect(refresh.getByRole('application')).toContainText('100%');
  await expect(refresh.getByText('weeks old')).toBeVisible();

  // The keyboard layer: focus a chart and the arrows step from point to point, the tooltip naming each.
  await curve.getByRole('application').focus();
  await page.keyboard.press('ArrowRight');
  await expect(curve.locator('.recharts-tooltip-label')).toHaveText('K = 2');
  await page.keyboard.press('ArrowLeft');
  await expect(curve.locator('.recharts-tooltip-label')).toHaveText('K = 1');
  await refresh.getByRole('application').focus();
  await page.keyboard.press('ArrowRight');
  await expect(refresh.locator('.recharts-tooltip-label')).toHaveText('2 weeks old');
  await page.keyboard.press('ArrowLeft');
  await expect(refresh.locator('.recharts-tooltip-label')).toHaveText('1 week old');
});
