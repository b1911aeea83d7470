import { expect, type Page, test } from '@playwright/test';
import { plantedMetaDrop } from '../test/planted-traces';
import { fullProject, sendEvents } from './helpers';
import { hiddenInTables } from './page-checks';

// #22 item 2: no table hides a column. At a desktop width and on a phone, every column of every
// table can be read where it is drawn: as a header over a column, or as a label in a row's card.
// The tables of every project tab are read in e2e/tabs.ui.spec.ts; the Impact tab's, with the
// weeks of calls its estimates need, here, and the Usage tab's over the same thousands of calls
// (two models, a client): tables where there is room, cards on a phone (#46).

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Usage over these calls is 2,704 px tall at 1440 px with its tables; 3,501 px when its half-width tables were cards. */
const USAGE_HEIGHT_AT_1440 = 3_100;

async function settled(page: Page, id: string) {
  await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the Impact tables show Change and Verdict for every row; Usage is tables at a desktop width, cards on a phone', async ({ page, request }) => {
      const id = await fullProject(request, `tables-impact-${size.name}`);
      const events = plantedMetaDrop();
      for (let i = 0; i < events.length; i += 1000) await sendEvents(request, id, events.slice(i, i + 1000));
      await page.goto(`/projects/${id}/impact`);
      await settled(page, id);
      await expect(page.getByTestId('impact-measures')).toBeVisible({ timeout: 30_000 });
      expect((await hiddenInTables(page)).problems).toEqual([]);

      for (const testId of ['impact-measures', 'impact-segments']) {
        const row = page.getByTestId(testId).locator('tbody tr').first();
        const change = row.locator('[data-estimate]');
        await change.scrollIntoViewIfNeeded();
        await expect(change).toBeInViewport();
        const verdict = row.getByRole('cell').last();
        await expect(verdict).toHaveText(/\S/);
        // On a phone the row is a card and the verdict a line further down: scrolled to, it shows whole.
        await verdict.scrollIntoViewIfNeeded();
        await expect(verdict).toBeInViewport({ ratio: 1 });
        if (size.name === 'phone') {
          const cells = row.getByRole('cell');
          const labels = await cells.evaluateAll((all) => all.map((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, '')));
          expect(labels).toContain('Change [95% interval]');
          expect(labels).toContain('Verdict');
        }
      }

      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Usage' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
      await settled(page, id);
      // Exact: the Impact tab's "By model, client and mode" table has a model-a row too.
      const byModel = page.getByRole('table', { name: 'By model', exact: true });
      await expect(byModel.getByRole('row', { name: /model-a/ })).toBeVisible({ timeout: 30_000 });
      const layouts = await page
        .getByRole('main')
        .getByRole('table')
        // A header row one pixel high is kept for screen readers under cards.
        .evaluateAll((all) =>
          all.map(
            (t) =>
              `${t.getAttribute('aria-label') ?? t.getAttribute('aria-labelledby')}: ${(t as HTMLTableElement).tHead!.offsetHeight > 10 ? 'table' : 'cards'}`,
          ),
        );
      expect(layouts.length).toBeGreaterThan(2);
      for (const layout of layouts) expect(layout).toMatch(size.name === 'phone' ? /: cards$/ : /: table$/);
      if (size.name === 'desktop') {
        // By model and By client side by side, each a table whose every column shows.
        const sessions = byModel.getByRole('columnheader', { name: 'Sessions' });
        await sessions.scrollIntoViewIfNeeded();
        await expect(sessions).toBeInViewport({ ratio: 1 });
        // (The demo's Usage page was 7,775 px tall with those cards, 6,148 px with tables.)
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(USAGE_HEIGHT_AT_1440);
      }
      expect((await hiddenInTables(page)).problems).toEqual([]);
    });
  });
}
