import { expect, type Page, test } from '@playwright/test';
import { plantedBakeoff } from '../test/bakeoff-runs';
import { fullProject, newProject } from './helpers';
import { axeViolations } from './page-checks';

// The project tabs are checked in e2e/tabs.ui.spec.ts, on the load the other page checks share.

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const url of ['/', '/docs/rules', '/docs/api', '/projects/no-such-project']) {
  test(`axe finds nothing serious on ${url}`, async ({ page, request }) => {
    // The API reference is long: axe takes its time over it on a busy machine.
    test.setTimeout(180_000);
    if (url === '/') await fullProject(request, 'axe-list');
    await page.goto(url);
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('axe finds nothing serious on the login page of password mode', async ({ page }) => {
  await page.goto(`${process.env.E2E_PASSWORD_URL}/login`);
  await expect(page.getByLabel('Admin password')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('axe finds nothing serious on a new project’s first steps', async ({ page, request }) => {
  const id = await newProject(request, 'axe-new');
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
});

test('axe finds nothing serious on the Bake-off tab with a run kept', async ({ page, request }) => {
  const id = await fullProject(request, 'axe-bakeoff');
  const kept = await request.post(`/api/projects/${id}/bakeoffs`, { data: { name: 'axe run', ...plantedBakeoff({ rightFirst: { lazy: 0.4, pinned: 0.8 } }) } });
  expect(kept.status()).toBe(201);
  await page.goto(`/projects/${id}/bakeoff`);
  await settled(page);
  await expect(page.getByTestId('bakeoff-results')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
