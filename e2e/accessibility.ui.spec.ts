import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { plantedBakeoff } from '../test/bakeoff-runs';
import { fullProject, newProject, PROJECT_TABS } from './helpers';

/** axe's serious and critical findings on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

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
    expect(await violations(page)).toEqual([]);
  });
}

test('axe finds nothing serious on the login page of password mode', async ({ page }) => {
  await page.goto(`${process.env.E2E_PASSWORD_URL}/login`);
  await expect(page.getByLabel('Admin password')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('axe finds nothing serious on a new project’s first steps', async ({ page, request }) => {
  const id = await newProject(request, 'axe-new');
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await settled(page);
  expect(await violations(page)).toEqual([]);
});

for (const tab of PROJECT_TABS) {
  test(`axe finds nothing serious on the project tab '${tab || '/'}'`, async ({ page, request }) => {
    const id = await fullProject(request, 'axe');
    await page.goto(`/projects/${id}${tab}`);
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });
}

// The pages phase 2 changed, in the states that add controls: the impact page, and the preview
// with the custom target's cap field and a warning verdict with its fix.
for (const url of ['/impact', '/preview?target=custom', '/preview?target=custom&cap=20&open=eager', '/preview?client=cursor&target=cursor']) {
  test(`axe finds nothing serious on the project page '${url}'`, async ({ page, request }) => {
    const id = await fullProject(request, 'axe-p2');
    await page.goto(`/projects/${id}${url}`);
    await settled(page);
    if (url.includes('cap=20')) {
      await expect(page.getByTestId('mode-card-eager')).toHaveAttribute('data-verdict', 'warning');
      await page.getByTestId('mode-card-eager').getByTestId('left-out-count').click();
    } else if (url.includes('custom')) await expect(page.getByTestId('cap-needed')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('axe finds nothing serious on the Bake-off tab with a run kept', async ({ page, request }) => {
  const id = await fullProject(request, 'axe-bakeoff');
  const kept = await request.post(`/api/projects/${id}/bakeoffs`, { data: { name: 'axe run', ...plantedBakeoff({ rightFirst: { lazy: 0.4, pinned: 0.8 } }) } });
  expect(kept.status()).toBe(201);
  await page.goto(`/projects/${id}/bakeoff`);
  await settled(page);
  await expect(page.getByTestId('bakeoff-results')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
