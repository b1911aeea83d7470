import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs } from './helpers';

// What a person reads and does on a project tab already loaded (e2e/tabs.ui.spec.ts), beyond the
// checks every page is held to. Each is given the page of the project of e2e/tab-fixtures.ts.

/** The label a cell shows in its card (its column's header words), or '' in the table layout. */
const cardLabel = (cell: Locator) => cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, ''));

/** Nothing in it is cut: every element's text fits its box. */
async function expectUncut(box: Locator) {
  const cut = await box.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].filter((el) => el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

/** Usage: the unresolved names say how to fix each one, and All tools shows every figure. */
export async function usageFiguresWhole(page: Page, phone: boolean) {
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
    if (phone) expect(await cardLabel(cell)).toBe(column);
  }
}

/** Usage: the By model table says each of its terms in place: its columns, and the row of calls that named no model. */
export async function breakdownTermsSaid(page: Page) {
  const byModel = page.getByTestId('model-breakdown');
  // (On a phone the header row is hidden and each cell carries its column's words.)
  await expect(byModel.locator('th', { hasText: 'Via favourites' })).toHaveAttribute('title', /favourite’s own name \(fav_… or favourite\/…\)/);
  await expect(byModel.getByRole('cell', { name: 'no model named' })).toBeVisible();
  const terms = byModel.getByTestId('model-breakdown-terms');
  await terms.getByText('What these columns mean').click();
  await expect(terms).toContainText('Via favourites: the share of its calls made through a favourite’s own name');
  await expect(terms).toContainText('no model named: calls whose events did not say which model made them');
}

/** Usage: the coverage legend draws each line as the chart does, and no label is cut. */
export async function coverageLegendTrue(page: Page) {
  const chart = page.getByTestId('coverage-chart');
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(1);
  const drawn = async (selector: string) =>
    chart.locator(selector).evaluateAll((els) => els.map((el) => `${el.getAttribute('stroke')} ${el.getAttribute('stroke-dasharray') ?? ''}`.trim()));
  const legend = async (key: string) => {
    const line = page.getByTestId(`legend-${key}`).locator('line');
    return `${await line.getAttribute('stroke')} ${(await line.getAttribute('stroke-dasharray')) ?? ''}`.trim();
  };
  expect(await drawn('.recharts-line-curve')).toEqual([await legend('curve')]);
  expect((await drawn('.recharts-reference-line-line')).sort()).toEqual([await legend('current'), await legend('limit')].sort());
  await expect(page.getByTestId('legend-limit')).toHaveText('your favourites limit (maxFavourites 15)');
  await expectUncut(page.getByTestId('coverage-legend'));
  // The marker's own label stays inside the chart.
  const [label, svg] = await Promise.all([chart.locator('text', { hasText: /^limit 15$/ }).boundingBox(), chart.locator('svg.recharts-surface').boundingBox()]);
  expect(label && svg).toBeTruthy();
  expect(label!.x).toBeGreaterThanOrEqual(svg!.x);
  expect(label!.x + label!.width).toBeLessThanOrEqual(svg!.x + svg!.width);
  // The favourites' share is named in words, with what the numbers are.
  await expect(page.getByText('Calls to favourites', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Share of attributed calls that went to one of your 2 favourites \(the list holds up to 15\)\.$/)).toBeVisible();
}

/** The header pills (the project's defaults: favourites first, at OpenAI, safe names) say what they are, described for a screen reader and open on a tap. */
export async function headerPillsSayWhatTheyAre(page: Page) {
  const mode = page.getByTestId('pill-mode');
  await expect(mode).toHaveText('Mode: favourites first');
  await expect(page.getByTestId('pill-target')).toHaveText('Target: OpenAI');
  await expect(page.getByTestId('pill-naming')).toHaveText('Names: safe');
  await expect(mode).toHaveAccessibleDescription(/^Favourites first: clients get your favourite tools up front/);
  await expect(page.getByTestId('pill-target')).toHaveAccessibleDescription(
    /^Target: OpenAI, the provider the tool list is checked against \(at most 128 tools/,
  );
  await expect(mode).toHaveAttribute('title', /^Favourites first: /);
  // No hover on a phone: the same sentences open under the pills.
  const terms = page.getByTestId('setting-terms');
  await terms.getByText('What these mean').click();
  await expect(terms.getByText(/^Safe names: tool names use only letters/)).toBeVisible();
  await expect(terms.getByText(/^Target: OpenAI, the provider/)).toBeVisible();
}

/** Favourites: the catalog picker lists its tools in the page, with a visible way to page on. */
export async function catalogPickerPagesOn(page: Page) {
  const total = catalogs.github.tools.length + catalogs.filesystem.tools.length;
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
}

/** Usage on a phone: the narrow table's rows can still be sorted (at a desktop width the header buttons sort). */
export async function narrowTableSorts(page: Page) {
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'All tools' }) });
  const toolOrder = () => card.getByTestId('usage-table').locator('tbody tr td.mono, tbody tr td[class*="mono"]').allTextContents();
  await card.getByLabel('Sort by').selectOption({ label: 'Tool' });
  await expect(page).toHaveURL(/sort=tool/);
  const ascending = await toolOrder();
  expect(ascending).toEqual([...ascending].sort());
  await card.getByRole('button', { name: /Ascending/ }).click();
  await expect(card.getByRole('button', { name: /Descending/ })).toBeVisible();
  expect(await toolOrder()).toEqual([...ascending].reverse());
}

/** Usage: each table is drawn as a table at a desktop width (Unresolved names in its half-width card too), and as cards on a phone. */
export async function tablesWhereThereIsRoom(page: Page, phone: boolean) {
  const tables = page.getByRole('main').getByRole('table');
  await expect(tables.first()).toBeVisible();
  // A table's header row is kept for screen readers in the card layout, one pixel high.
  const headerHeights = await tables.evaluateAll((all) => all.map((t) => Math.round((t as HTMLTableElement).tHead?.getBoundingClientRect().height ?? 0)));
  expect(headerHeights.length).toBeGreaterThan(1);
  for (const height of headerHeights) {
    if (phone) expect(height).toBeLessThanOrEqual(1);
    else expect(height).toBeGreaterThan(10);
  }
  if (!phone) {
    // In its half-width card, beside Pin next: the header row is there to read.
    const header = page.getByRole('table', { name: 'Unresolved names' }).getByRole('columnheader', { name: 'Fix' });
    await header.scrollIntoViewIfNeeded();
    await expect(header).toBeInViewport({ ratio: 1 });
  }
}

/** Settings: an edit not saved yet is not dropped by a click on another tab: it asks, keeps the edit when told to, and leaves when told to. */
export async function settingsEditAsksBeforeLeaving(page: Page) {
  const mode = page.getByTestId('settings-form').getByLabel('Mode', { exact: true });
  await mode.selectOption('deferred');
  const policyTab = page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Policy' });
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await policyTab.click();
  await expect.poll(() => asked).toEqual(['Settings has changes you have not saved. Leave and discard them?']);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(mode).toHaveValue('deferred');

  page.once('dialog', (dialog) => void dialog.accept());
  await policyTab.click();
  await expect(page.getByTestId('policy-rules')).toBeVisible();
}

/** YAML: a document of one field applies through the page; its plan names that field alone, and the rest of the project stays as it was. */
export async function oneFieldYamlApplies(page: Page, id: string, retentionDays: number) {
  const shown = page.getByTestId('project-yaml');
  await expect(shown).toContainText('retentionDays:');
  const before = (await shown.textContent()) ?? '';
  await page.getByLabel('YAML to apply').fill(`apiVersion: favindex/v1\nkind: Project\nmetadata:\n  name: ${id}\nspec:\n  retentionDays: ${retentionDays}\n`);
  await page.getByRole('button', { name: 'Preview changes' }).click();
  const plan = page.getByTestId('yaml-plan');
  await expect(plan).toContainText('0 to create · 1 to update · 0 unchanged');
  await expect(plan.getByRole('listitem')).toHaveCount(1);
  await expect(plan.getByRole('listitem')).toContainText(`spec.retentionDays: `);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('apply-done')).toHaveText('Applied: 0 created, 1 updated, 0 unchanged.');
  await expect(shown).toContainText(`retentionDays: ${retentionDays}`);
  expect(await shown.textContent()).toBe(before.replace(/retentionDays: .*/, `retentionDays: ${retentionDays}`));
}
