import { expect, type Page, test } from '@playwright/test';
import { DESKTOP_AND_PHONE, sendEvents, uniqueId } from './helpers';

// A big catalog: 12 servers of 250 tools, each with a description and a small schema, as a
// company's MCP gateway would upload them. The 2,917th tool sits on the last server.
const SERVERS = 12;
const PER_SERVER = 250;
const serverName = (s: number) => `service${String(s + 1).padStart(2, '0')}`;
const toolName = (n: number) => `op_${String(n).padStart(4, '0')}_records`;
const DEEP = 2_917;
const DEEP_TOOL = `${serverName(Math.floor((DEEP - 1) / PER_SERVER))}/${toolName(DEEP)}`;

/** Under this a page is a page, not a catalog dump: about five screens at 1440 px. */
const MAX_HEIGHT = 5_000;

function tool(n: number) {
  return {
    name: toolName(n),
    description: `Lists, filters and exports the records of ledger ${n}: pass a date range and a status to narrow it, and a cursor to read the next page.`,
    inputSchema: {
      type: 'object',
      properties: {
        from: { type: 'string', format: 'date', description: 'First day, inclusive' },
        to: { type: 'string', format: 'date', description: 'Last day, inclusive' },
        status: { type: 'string', enum: ['open', 'closed', 'void'] },
        cursor: { type: 'string' },
      },
      required: ['from'],
    },
  };
}

let projectId: string;

test.beforeAll(async ({ request }) => {
  projectId = uniqueId('big');
  expect((await request.post('/api/projects', { data: { id: projectId } })).status()).toBe(201);
  for (let s = 0; s < SERVERS; s++) {
    const tools = Array.from({ length: PER_SERVER }, (_, i) => tool(s * PER_SERVER + i + 1));
    const res = await request.put(`/api/projects/${projectId}/catalog/${serverName(s)}`, { data: { tools } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // More events than the Events page shows at once: 130 calls, a minute apart.
  const at = (i: number) => new Date(Date.now() - 3_600_000 - i * 60_000).toISOString();
  await sendEvents(
    request,
    projectId,
    Array.from({ length: 130 }, (_, i) => ({ id: `e-${i}`, timestamp: at(i), tool: `${serverName(0)}/${toolName((i % 20) + 1)}`, sessionId: 's-1' })),
  );
});

const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the Catalog page of 3,000 tools stays a page, and its search finds any tool', async ({ page }) => {
      const started = Date.now();
      await page.goto(`/projects/${projectId}/catalog`);
      await expect(page.getByTestId('catalog-summary')).toHaveText(`${SERVERS} servers · 3,000 tools`);
      await expect(page.getByTestId('catalog-tools').locator('tbody tr').first()).toBeVisible();
      test.info().annotations.push({ type: 'catalog render ms', description: String(Date.now() - started) });
      const tall = await height(page);
      test.info().annotations.push({ type: 'catalog height px', description: String(tall) });
      const body = await (await page.request.get(`/api/projects/${projectId}/catalog`)).body();
      test.info().annotations.push({ type: 'catalog response bytes', description: String(body.length) });
      expect(tall).toBeLessThan(MAX_HEIGHT);

      // Paging moves through every tool, in order.
      const pages = page.getByRole('navigation', { name: 'Pages of tools' });
      await expect(pages.getByRole('status')).toHaveText(/^Showing 1–\d+ of 3,000 tools$/);
      await pages.getByRole('button', { name: 'Next' }).click();
      await expect(pages.getByRole('status')).toHaveText(/^Showing \d+–\d+ of 3,000 tools$/);
      await expect(pages.getByRole('status')).not.toHaveText(/^Showing 1–/);

      // The 2,917th tool is found by its name, by its server and by words of its description.
      const search = page.getByRole('searchbox', { name: 'Search tools by name, server or description' });
      await search.fill('op_2917');
      await expect(page.getByTestId('catalog-tools').locator('tbody tr')).toHaveCount(1);
      await expect(page.getByRole('cell', { name: DEEP_TOOL, exact: true })).toBeVisible();
      await search.fill('ledger 2917:');
      await expect(page.getByRole('cell', { name: DEEP_TOOL, exact: true })).toBeVisible();
      await search.fill(serverName(11));
      await expect(pages.getByRole('status')).toHaveText(/of 250 tools$/);

      await search.fill('no_such_tool_anywhere');
      await expect(page.getByText('No tool matches “no_such_tool_anywhere”.')).toBeVisible();
      await expect(page.getByTestId('catalog-tools')).toHaveCount(0);
    });

    test('Preview with a mode’s list open and Favourites stay pages too', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`/projects/${projectId}/preview`);
      const card = page.getByTestId('mode-card-eager');
      // The preview of 3,000 tools in every mode takes a while on a loaded machine.
      await expect(card.getByRole('button', { name: 'Open the list' })).toBeVisible({ timeout: 45_000 });
      const closedTall = await height(page);
      await card.getByRole('button', { name: 'Open the list' }).click();
      const list = page.getByTestId('mode-list');
      await expect(list.locator('tbody tr').first()).toBeVisible();
      const previewTall = await height(page);
      // The list's own box: the page around it may still be drawing other panels.
      const listTall = await list.evaluate((el) => el.getBoundingClientRect().height);
      test.info().annotations.push({ type: 'preview height px (list closed, open, list)', description: `${closedTall}, ${previewTall}, ${listTall}` });
      // Opening a list of 3,000 tools adds one page of 50 rows, not 3,000. At 390 px each row is a
      // card of ~270 px, so its bound there is one page of cards (3,000 of them would be ~800,000 px).
      expect(listTall).toBeLessThan(viewport.width < 600 ? 16_000 : MAX_HEIGHT);
      const search = page.getByRole('searchbox', { name: 'Search this list' });
      await search.fill('op_2917');
      await expect(list.locator('tbody tr')).toHaveCount(1);
      await expect(list).toContainText(toolName(DEEP));

      await page.goto(`/projects/${projectId}/favourites`);
      const picker = page.getByTestId('catalog-picker');
      await expect(picker.getByRole('listitem').first()).toBeVisible();
      const favouritesTall = await height(page);
      // The picker's own box, as for the list above: the page around it also holds the shortlist
      // and the usage panels, whose height depends on how much the machine drew by then.
      const pickerTall = await picker.evaluate((el) => el.getBoundingClientRect().height);
      test.info().annotations.push({ type: 'favourites height px (page, picker)', description: `${favouritesTall}, ${pickerTall}` });
      expect(pickerTall).toBeLessThan(viewport.width < 600 ? 16_000 : MAX_HEIGHT);
      await picker.getByRole('button', { name: 'Next' }).click();
      await expect(picker.getByRole('status')).toHaveText(/^Showing 26–50 of 3,000 tools$/);
      await picker.getByRole('searchbox', { name: 'Search the catalog' }).fill('ledger 2917:');
      await expect(picker.getByRole('listitem')).toHaveCount(1);
      await expect(picker).toContainText(DEEP_TOOL);
    });

    test('the Events page reads older events a page at a time', async ({ page }) => {
      await page.goto(`/projects/${projectId}/events`);
      const table = page.getByTestId('events-table');
      await expect(table.locator('tbody tr')).toHaveCount(100);
      const pages = page.getByRole('navigation', { name: 'Pages of events' });
      await expect(pages.getByRole('status')).toHaveText('Showing 1–100 events');
      await pages.getByRole('button', { name: 'Next' }).click();
      await expect(pages.getByRole('status')).toHaveText('Showing 101–130 events');
      await expect(table.locator('tbody tr')).toHaveCount(30);
      await expect(pages.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
      await pages.getByRole('button', { name: 'Previous' }).click();
      await expect(pages.getByRole('status')).toHaveText('Showing 1–100 events');
    });
  });
}
