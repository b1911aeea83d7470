import { expect, type Page, test } from '@playwright/test';
import { plantedMetaDrop } from '../test/planted-traces';
import { fullProject, sendEvents } from './helpers';
import { hiddenInTables } from './page-checks';

// #22 item 2: no table hides a column. At a desktop width and on a phone, every column of every
// table can be read where it is drawn: as a header over a column, or as a label in a row's card.
// The tables of every project tab are read in e2e/tabs.ui.spec.ts; the Impact tab's, with the
// weeks of calls its estimates need, here.

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function settled(page: Page, id: string) {
  await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the Impact tables show Change and Verdict for every row', async ({ page, request }) => {
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
    });
  });
}
