import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

// The checks every page of the dashboard is held to (axe, fitting a phone, tables read whole, no
// console error), each callable on a page already loaded, so one load serves them all.

/** axe's serious and critical findings on the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // The app draws no frame, so axe.run in the page finds what runPartial in each frame and
    // finishRun in a blank page would, at half the time on the API reference; and only the
    // violations are read, so only they are collected node by node.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/**
 * What does not fit a phone: the page's width past the viewport, and each visible control that,
 * even scrolled into view (within a tab bar or a table that scrolls by itself), sticks out of it.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')) {
      const box = el.getBoundingClientRect();
      // Hidden, or drawn 1px for screen readers only (a file input behind its label).
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') continue;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const seen = el.getBoundingClientRect();
      if (seen.left < -1 || seen.right > width + 1)
        cut.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(seen.left)}–${Math.round(seen.right)}`,
        );
    }
    window.scrollTo(0, 0);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, cut };
  });
}

/** A phone held upright: nothing needs a sideways scroll, and every control is reachable. */
export async function expectFits(page: Page) {
  const measured = await overflow(page);
  expect(measured.cut, 'controls cut off at the right or left edge').toEqual([]);
  expect(measured.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(measured.innerWidth);
}

/** On a phone the mode cards stand in one column: each starts at the same left edge. */
export async function expectOneColumnOfModeCards(page: Page) {
  await expect(page.getByTestId('mode-card-eager')).toBeVisible();
  const lefts = await page.locator('[data-testid^="mode-card-"]').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
  expect(new Set(lefts).size).toBe(1);
}

/**
 * #22 item 2: everything a reader cannot see in the visible tables of the page: a header, card
 * label or one of the first rows' cells outside the viewport once scrolled to vertically, a cell
 * whose text is cut (by itself or by a box around it that hides or scrolls what overflows), and a
 * page that scrolls sideways. Each problem names its table and column.
 */
export async function hiddenInTables(page: Page) {
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

/** Every console error and uncaught exception of the page from now on. */
export function collectErrors(page: Page): string[] {
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

/** The chunks every project page loads (the layout's): those two other tabs of `projectId` both load. */
export async function layoutChunks(page: Page, projectId: string): Promise<Set<string>> {
  // Routing turns the browser's cache off, so every load asks for every chunk again.
  await page.route(CHUNKS, (route) => route.continue());
  const tokens = await chunksOf(page, `/projects/${projectId}/tokens`);
  const yaml = await chunksOf(page, `/projects/${projectId}/yaml`);
  await page.unroute(CHUNKS);
  return new Set([...tokens].filter((url) => yaml.has(url)));
}

/**
 * The project tabs drawn under Suspense (components/projects/query-string-page.tsx): the layout
 * hydrates, and its header asks for the project, while the page's own chunks may still load. On
 * the other tabs the whole page waits for them, so no data can come first.
 */
export const TABS_UNDER_SUSPENSE = new Set(['', '/bakeoff', '/impact', '/preview']);

/**
 * On a tab of TABS_UNDER_SUSPENSE, its data may come back before its own chunks do: the page must
 * then still hydrate to what the server drew (React #418 otherwise). So on every load the
 * layout's chunks come at once, and the rest only once the header has its project and no other
 * request of the page is still out: the race is run on every load, not only on those where the
 * data happens to win it. (On another tab the page would wait for ever.)
 */
export async function holdBackPageChunks(page: Page, layout: Set<string>) {
  // What the current load has asked the API, and a promise settled once it has its answers.
  let load = { project: '', out: new Set<Request>(), projectIn: false, release: () => {}, dataIn: Promise.resolve() };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      let release = () => {};
      const dataIn = new Promise<void>((resolve) => {
        release = resolve;
      });
      load = { project: `/api${path.match(/^\/projects\/[^/]+/)?.[0]}`, out: new Set(), projectIn: false, release, dataIn };
    } else if (path.startsWith('/api/')) load.out.add(request);
  });
  const answered = (request: Request) => {
    // (An answer to an earlier load's request is not in this load's set.)
    if (!load.out.delete(request)) return;
    if (new URL(request.url()).pathname === load.project) load.projectIn = true;
    if (load.projectIn && load.out.size === 0) load.release();
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  await page.route(CHUNKS, async (route) => {
    if (!layout.has(route.request().url())) await load.dataIn;
    await route.continue();
  });
}

/** Load a project page with its chunks held back: hydrated and drawn from its data, without a console error. */
export async function loadQuietly(page: Page, errors: string[], url: string) {
  await page.goto(url);
  await expect(page.getByRole('navigation', { name: 'Project sections' })).toBeVisible();
  // (The Impact tab's estimates take their time on a busy machine: the bound is for a hang.)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  expect(errors, `console errors on ${url}`).toEqual([]);
}
