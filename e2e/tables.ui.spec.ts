import { expect, type Page, test } from '@playwright/test';
import { plantedMetaDrop } from '../test/planted-traces';
import { buildRunnerReport, catalogs, fullProject, sendEvents } from './helpers';

// #22 item 2: no table hides a column. At a desktop width and on a phone, every column of every
// table can be read where it is drawn: as a header over a column, or as a label in a row's card.

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A proxy that reports in, so the Proxies page has its servers table. */
async function reportProxy(request: Parameters<typeof fullProject>[0], id: string) {
  const res = await request.put(`/api/projects/${id}/proxies/proxy-tables`, {
    data: buildRunnerReport(null),
  });
  expect(res.ok()).toBe(true);
}

/**
 * Everything a reader cannot see in the visible tables of the page: a header, card label or one
 * of the first rows' cells outside the viewport once scrolled to vertically, a cell whose text is
 * cut (by itself or by a box around it that hides or scrolls what overflows), and a page that
 * scrolls sideways. Each problem names its table and column.
 */
async function hiddenInTables(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const text = (el: Element) => (el.textContent ?? '').trim();
    const visible = (el: Element) => el.getClientRects().length > 0;
    const outside = (el: Element) => {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = el.getBoundingClientRect();
      return box.left < -1 || box.right > width + 1;
    };
    /** The element, or a box around it that cuts off what overflows it, that is narrower than its content. */
    const clippedBy = (el: HTMLElement): HTMLElement | null => {
      for (let node: HTMLElement | null = el; node && node !== document.body; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if ((node === el || overflowX !== 'visible') && node.scrollWidth > node.clientWidth + 1) return node;
      }
      return null;
    };
    const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter(visible);
    for (const table of tables) {
      const name =
        table.getAttribute('aria-label') ??
        document.getElementById(table.getAttribute('aria-labelledby') ?? '')?.textContent ??
        table.dataset.testid ??
        'a table';
      const headers = [...table.querySelectorAll('thead th')];
      // The narrow layout keeps the header row for screen readers only; the cards carry its words.
      const cards = table.tHead !== null && getComputedStyle(table.tHead).position === 'absolute';
      if (!cards) {
        for (const th of headers) if (outside(th)) problems.push(`${name}: header "${text(th)}" is outside the viewport`);
      }
      const rows = [...(table.tBodies[0]?.rows ?? [])].filter((r) => r.cells.length === headers.length).slice(0, 3);
      for (const row of rows) {
        for (const [i, cell] of [...row.cells].entries()) {
          const column = text(headers[i]!) || headers[i]!.getAttribute('title') || `column ${i + 1}`;
          if (!text(cell) && !cell.querySelector('svg, img, [aria-label]')) continue;
          if (!visible(cell) || cell.getBoundingClientRect().width < 2) {
            problems.push(`${name}: "${column}" of "${text(row.cells[0]!)}" is not drawn`);
            continue;
          }
          if (outside(cell)) problems.push(`${name}: "${column}" of "${text(row.cells[0]!)}" is outside the viewport`);
          const cut = clippedBy(cell);
          if (cut)
            problems.push(`${name}: "${column}" of "${text(row.cells[0]!)}" is cut off (${cut.tagName.toLowerCase()} ${cut.scrollWidth} > ${cut.clientWidth})`);
          if (cards && getComputedStyle(cell).order !== '-1') {
            const label = getComputedStyle(cell, '::before').content;
            if (!label || label === 'none' || label === '""') problems.push(`${name}: "${column}" has no label in its card`);
          }
        }
      }
    }
    window.scrollTo(0, 0);
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    return { tables: tables.length, problems };
  });
}

async function settled(page: Page, id: string) {
  await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** The label a cell shows in its card (its column's header words), or '' in the table layout. */
const cardLabel = (cell: ReturnType<Page['locator']>) => cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, ''));

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('every table of every project page shows each column and its first rows whole', async ({ page, request }) => {
      const id = await fullProject(request, `tables-${size.name}`);
      await reportProxy(request, id);
      for (const tab of ['', '/favourites', '/catalog', '/proxies', '/events', '/preview', '/tokens']) {
        await page.goto(`/projects/${id}${tab}`);
        await settled(page, id);
        const found = await hiddenInTables(page);
        await test.step(`${tab || '/'}: ${found.tables} tables`, () => expect(found.problems).toEqual([]));
      }
    });

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

    test('Usage: the unresolved names say how to fix each one, and All tools shows every figure', async ({ page, request }) => {
      const id = await fullProject(request, `tables-usage-${size.name}`);
      // A canonical name of a server with no catalog: its fix names the server.
      const at = new Date(Date.now() - 3_600_000).toISOString();
      await sendEvents(request, id, [{ id: 'jira-1', timestamp: at, tool: 'jira/create_ticket_with_a_very_long_name', sessionId: 's-9' }]);
      await page.goto(`/projects/${id}`);
      await settled(page, id);
      expect((await hiddenInTables(page)).problems).toEqual([]);

      // The link was cut to "Upload jir" at 1440 px.
      const fix = page.getByTestId('unresolved-panel').getByRole('link', { name: /Upload the catalog of jira/ });
      await fix.scrollIntoViewIfNeeded();
      await expect(fix).toHaveText('Upload jira’s catalog');
      await expect(fix).toBeInViewport({ ratio: 1 });
      expect(await fix.evaluate((el) => el.closest('td')!.scrollWidth <= el.closest('td')!.clientWidth + 1)).toBe(true);

      // Numbers were off the right edge at 390 px.
      const first = page.getByTestId('usage-table').getByRole('row', { name: /github\/create_or_update_file/ });
      for (const column of ['Calls', 'Errors', 'Sessions', 'Share', 'Cumulative']) {
        const index = await page
          .getByTestId('usage-table')
          .locator('thead th')
          .evaluateAll((ths, name) => ths.findIndex((th) => th.textContent?.trim() === name), column);
        const cell = first.getByRole('cell').nth(index);
        await cell.scrollIntoViewIfNeeded();
        await expect(cell).toBeInViewport({ ratio: 1 });
        await expect(cell).toHaveText(column === 'Calls' ? '5' : /\S/);
        if (size.name === 'phone') expect(await cardLabel(cell)).toBe(column);
      }
    });

    test('the catalog picker lists its tools in the page, with a visible way to page on', async ({ page, request }) => {
      const id = await fullProject(request, `tables-picker-${size.name}`);
      const total = catalogs.github.tools.length + catalogs.filesystem.tools.length;
      await page.goto(`/projects/${id}/favourites`);
      await settled(page, id);
      const picker = page.getByTestId('catalog-picker');
      const list = picker.getByRole('list');
      await expect(list.getByRole('listitem')).toHaveCount(25);
      // No inner scroll box: every listed row is in the page's own flow.
      expect(await list.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await expect(picker).toContainText(`Showing 1–25 of ${total} tools`);
      const next = picker.getByRole('button', { name: 'Next' });
      await next.scrollIntoViewIfNeeded();
      await expect(next).toBeInViewport();
      await next.click();
      await expect(picker).toContainText(`Showing 26–${Math.min(50, total)} of ${total} tools`);
      await expect(list.getByRole('listitem')).toHaveCount(Math.min(50, total) - 25);
    });

    test('on a narrow table the rows can still be sorted', async ({ page, request }) => {
      test.skip(size.name !== 'phone', 'the header buttons sort at a desktop width');
      const id = await fullProject(request, 'tables-sort');
      await page.goto(`/projects/${id}`);
      await settled(page, id);
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'All tools' }) });
      const toolOrder = () => card.getByTestId('usage-table').locator('tbody tr td.mono, tbody tr td[class*="mono"]').allTextContents();
      await card.getByLabel('Sort by').selectOption({ label: 'Tool' });
      await expect(page).toHaveURL(/sort=tool/);
      const ascending = await toolOrder();
      expect(ascending).toEqual([...ascending].sort());
      await card.getByRole('button', { name: /Ascending/ }).click();
      await expect(card.getByRole('button', { name: /Descending/ })).toBeVisible();
      expect(await toolOrder()).toEqual([...ascending].reverse());
    });
  });
}
