import { expect, type Page, type Request, test } from '@playwright/test';
import { DESKTOP_AND_PHONE, fullProject, PROJECT_TABS } from './helpers';

/**
 * The pages hydrate without an error. A page's own code comes in chunks of its own, and its data
 * may come back before they do (the header asks for the project while the page's chunk still
 * loads): the page must then still hydrate to what the server drew. So the chunks every project
 * page shares (the layout's) come at once, and the rest 700 ms late, on every load.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const CHUNKS = '**/_next/static/chunks/**';

async function chunksOf(page: Page, url: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const note = (request: Request) => {
    if (request.url().includes('/_next/static/chunks/')) seen.add(request.url());
  };
  page.on('request', note);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('request', note);
  return seen;
}

/** Hold back every chunk but the ones two other project tabs both load. */
async function holdBackPageChunks(page: Page, id: string) {
  // Routing turns the browser's cache off, so every load asks for every chunk again.
  await page.route(CHUNKS, (route) => route.continue());
  const tokens = await chunksOf(page, `/projects/${id}/tokens`);
  const yaml = await chunksOf(page, `/projects/${id}/yaml`);
  const shared = new Set([...tokens].filter((url) => yaml.has(url)));
  await page.unroute(CHUNKS);
  await page.route(CHUNKS, async (route) => {
    if (!shared.has(route.request().url())) await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
}

async function loadQuietly(page: Page, errors: string[], url: string) {
  await page.goto(url);
  // Hydrated and drawn from its data: the tabs are there and no skeleton is left.
  await expect(page.getByRole('navigation', { name: 'Project sections' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(errors, `console errors on ${url}`).toEqual([]);
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Preview loads 50 times without a console error', async ({ page, request }) => {
      // Each load waits 700 ms for its held-back chunks, so 50 of them take 3–5 s each on a busy
      // CI machine: the bound is for a hang, not for speed.
      test.setTimeout(480_000);
      const id = await fullProject(request, 'quiet-preview');
      await holdBackPageChunks(page, id);
      const errors = collectErrors(page);
      for (let i = 0; i < 50; i++) {
        // Every other load through a client, as a link from the header's warning opens it.
        await loadQuietly(page, errors, `/projects/${id}/preview${i % 2 ? '?client=cursor' : ''}`);
      }
    });

    test('every other project page loads a few times without a console error', async ({ page, request }) => {
      test.setTimeout(240_000);
      const id = await fullProject(request, 'quiet-tabs');
      await holdBackPageChunks(page, id);
      const errors = collectErrors(page);
      for (const tab of [...PROJECT_TABS.filter((t) => t !== '/preview'), '/impact']) {
        for (let i = 0; i < 4; i++) await loadQuietly(page, errors, `/projects/${id}${tab}`);
      }
    });
  });
}
