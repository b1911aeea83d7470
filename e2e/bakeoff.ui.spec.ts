import { expect, test } from '@playwright/test';
import { parseBakeoffTasks } from '../lib/bakeoff/tasks';
import { plantedBakeoff } from '../test/bakeoff-runs';
import { fitsWidth, newProject } from './helpers';

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the Bake-off tab shows a kept run: verdicts, the table with intervals, the chart, the transcripts; delete asks, then the tab says how to make one', async ({
      page,
      request,
    }) => {
      const id = await newProject(request, 'bakeoff');
      // 2 tasks × 2 models × 10 runs per presentation: lazy calls the target first 4 times in 10, pinned 8.
      const upload = { name: 'pinned against lazy', ...plantedBakeoff({ runs: 10, rightFirst: { lazy: 0.4, pinned: 0.8 } }) };
      const kept = await request.post(`/api/projects/${id}/bakeoffs`, { data: upload });
      expect(kept.status(), await kept.text()).toBe(201);

      await page.goto(`/projects/${id}/bakeoff`);
      await expect(page.getByRole('link', { name: 'Bake-off' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('bakeoff-setup')).toContainText('2 tasks × 2 presentations (lazy, pinned) × 2 models × 10 runs');
      await expect(page.getByTestId('bakeoff-verdict')).toHaveText(/^pinned beats lazy over all models by 40 ± \d+ points: clear$/);
      const perModel = page.getByTestId('bakeoff-model-verdicts').getByRole('listitem');
      await expect(perModel).toHaveCount(2);
      await expect(perModel.filter({ hasText: 'on small-model' })).toContainText('pinned beats lazy');

      // A row per presentation × model, each share with its interval.
      const table = page.getByTestId('bakeoff-results');
      const lazy = table.getByRole('row').filter({ hasText: 'lazy' }).filter({ hasText: 'small-model' });
      const pinned = table.getByRole('row').filter({ hasText: 'pinned' }).filter({ hasText: 'small-model' });
      await expect(lazy.locator('[data-metric="targetFirst"]')).toHaveText(/^40% \[\d+%, \d+%\]$/);
      await expect(pinned.locator('[data-metric="targetFirst"]')).toHaveText(/^80% \[\d+%, \d+%\]$/);
      await expect(lazy).toContainText('none');
      // A bar per model and presentation, each with its interval.
      const chart = page.getByTestId('bakeoff-chart');
      await expect(chart.getByRole('application', { name: /target right first time per model and presentation/ })).toBeVisible();
      await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(4);
      await expect(chart.locator('.recharts-errorBar')).toHaveCount(4);
      await page.getByLabel('Metric').selectOption('wander');
      await expect(page.getByRole('heading', { name: 'wander', exact: true })).toBeVisible();
      // The tasks file a run needs, by an example that works as copied from the page; it scrolls in its box, not the page.
      await expect(page.getByRole('heading', { name: 'The tasks file' })).toBeVisible();
      const example = page.getByRole('region', { name: 'An example tasks.yaml' });
      await expect(example).toContainText('target: reports/run_report');
      expect(parseBakeoffTasks((await example.textContent()) ?? '').tasks.map((t) => t.id)).toEqual(['weekly-report', 'new-contact']);
      await expect(page.getByRole('link', { name: "this project's YAML" })).toHaveAttribute('href', `/projects/${id}/yaml`);
      await fitsWidth(page);

      // The link downloads every transcript, one JSON object per line.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download transcripts (JSONL)' }).click()]);
      const lines = (await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')).trim().split('\n');
      expect(lines).toHaveLength(upload.transcripts.length);
      expect(JSON.parse(lines[0]!).key).toMatchObject({ taskId: 'task-1' });

      // Delete asks once more; cancel keeps the run, confirm removes it.
      await page.getByRole('button', { name: 'Delete this run…' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('bakeoff-verdict')).toBeVisible();
      await page.getByRole('button', { name: 'Delete this run…' }).click();
      await page.getByRole('button', { name: 'Delete pinned against lazy' }).click();
      await expect(page.getByTestId('bakeoff-empty')).toContainText('No bake-off kept yet');
      await expect(page.getByTestId('bakeoff-command')).toContainText(`favindex bakeoff --project ${id}`);
      await expect(page.getByRole('region', { name: 'An example tasks.yaml' })).toBeVisible();
      await fitsWidth(page);
      expect((await (await request.get(`/api/projects/${id}/bakeoffs`)).json()).runs).toEqual([]);
    });
  });
}

test('two runs: the picker switches between them and the address keeps the choice', async ({ page, request }) => {
  const id = await newProject(request, 'bakeoff-two');
  const first = await request.post(`/api/projects/${id}/bakeoffs`, { data: { name: 'first', ...plantedBakeoff({ rightFirst: { lazy: 0.4, pinned: 0.4 } }) } });
  const second = await request.post(`/api/projects/${id}/bakeoffs`, { data: { name: 'second', ...plantedBakeoff({ rightFirst: { lazy: 0.2, pinned: 1 } }) } });
  expect(first.status()).toBe(201);
  expect(second.status()).toBe(201);
  const firstId = (await first.json()).id as string;

  await page.goto(`/projects/${id}/bakeoff`);
  // The newest first.
  await expect(page.getByRole('heading', { name: 'second', exact: true })).toBeVisible();
  // Each run is offered with its verdict over all models, to compare them before opening one.
  await expect(page.getByLabel('Run').locator('option').first()).toContainText(/^second, \d{4}-\d\d-\d\d \d\d:\d\d UTC: pinned beats lazy/);
  await expect(page.getByLabel('Run').locator('option').nth(1)).toContainText('first');
  await page.getByLabel('Run').selectOption(firstId);
  await expect(page).toHaveURL(new RegExp(`run=${firstId}`));
  await expect(page.getByTestId('bakeoff-verdict')).toContainText('pinned ties with lazy');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'first', exact: true })).toBeVisible();
});
