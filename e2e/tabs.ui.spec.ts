import { expect, type Page } from '@playwright/test';
import { DESKTOP_AND_PHONE, PROJECT_TABS } from './helpers';
import {
  axeViolations,
  collectErrors,
  expectFits,
  expectOneColumnOfModeCards,
  hiddenInTables,
  holdBackPageChunks,
  loadQuietly,
  TABS_UNDER_SUSPENSE,
} from './page-checks';
import { type TabProjects, test } from './tab-fixtures';
import {
  breakdownTermsSaid,
  catalogPickerPagesOn,
  coverageLegendTrue,
  headerPillsSayWhatTheyAre,
  narrowTableSorts,
  oneFieldYamlApplies,
  settingsEditAsksBeforeLeaving,
  tablesWhereThereIsRoom,
  usageFiguresWhole,
} from './tab-flows';

// Every project page, loaded once per screen, and held there to every check a page is held to:
// it hydrates without a console error (a tab drawn under Suspense with its own chunks held back
// until its header has its data: see holdBackPageChunks); at a desktop width axe finds
// nothing serious; on a phone nothing is cut off and every tab can be reached; each table shows
// each column and its first rows whole (#22 item 2); and what a person reads on it is there.
// (These were five specs that loaded each tab again, about twelve times in all.)

interface ProjectPage {
  /** After /projects/<id>. */
  path: string;
  project: keyof Omit<TabProjects, 'layout'>;
  name: string;
}

const tab = (path: string): ProjectPage => ({ path, project: path === '/yaml' ? 'yaml' : 'full', name: `'${path || '/'}'` });
/** A proxy reporting adds the servers table; the tab without one is checked as well. */
const PROXIES_REPORTING: ProjectPage = { path: '/proxies', project: 'withProxy', name: "'/proxies' with a proxy reporting" };
/** Preview with the custom target's cap field, and with a warning verdict (its fix opened at a desktop width). */
const CAPPED = '/preview?target=custom&cap=20&open=eager';
const TABLES = new Set(['', '/favourites', '/catalog', '/proxies', '/events', '/preview', '/tokens']);

const DESKTOP_PAGES = [...PROJECT_TABS, '/impact', '/preview?target=custom', CAPPED, '/preview?client=cursor&target=cursor'].map(tab).concat(PROXIES_REPORTING);
const PHONE_PAGES = [...PROJECT_TABS, '/impact', CAPPED].map(tab).concat(PROXIES_REPORTING);

async function expectEveryTabReachable(page: Page) {
  // The last tabs of the bar are there to be tapped, not hidden past the edge.
  const tabs = page.getByRole('navigation', { name: 'Project sections' });
  for (const name of ['Preview', 'Tokens', 'YAML']) {
    const link = tabs.getByRole('link', { name });
    await link.scrollIntoViewIfNeeded();
    // (A fraction of a pixel may fall to rounding; a tab cut off would lose far more.)
    await expect(link).toBeInViewport({ ratio: 0.97 });
  }
}

for (const viewport of DESKTOP_AND_PHONE) {
  const phone = viewport.width < 600;
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, project, name } of phone ? PHONE_PAGES : DESKTOP_PAGES) {
      const checks = ['no console error', phone ? 'fits, every tab reachable' : 'nothing serious for axe', ...(TABLES.has(path) ? ['tables whole'] : [])];
      test(`${name}: ${checks.join(', ')}`, async ({ page, projects }) => {
        const id = projects[project];
        const errors = collectErrors(page);
        if (TABS_UNDER_SUSPENSE.has(path.replace(/\?.*/, ''))) await holdBackPageChunks(page, projects.layout);
        await test.step('no console error', () => loadQuietly(page, errors, `/projects/${id}${path}`));
        await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();

        if (phone) {
          if (path.startsWith('/preview')) await test.step('one column of mode cards', () => expectOneColumnOfModeCards(page));
          await test.step('fits a phone', () => expectFits(page));
          await test.step('every tab reachable', () => expectEveryTabReachable(page));
        } else {
          if (path === CAPPED) {
            await expect(page.getByTestId('mode-card-eager')).toHaveAttribute('data-verdict', 'warning');
            await page.getByTestId('mode-card-eager').getByTestId('left-out-count').click();
          } else if (path.includes('custom')) await expect(page.getByTestId('cap-needed')).toBeVisible();
          await test.step('axe', async () => expect(await axeViolations(page)).toEqual([]));
        }
        if (TABLES.has(path)) {
          const found = await hiddenInTables(page);
          await test.step(`${found.tables} tables whole`, () => expect(found.problems).toEqual([]));
        }

        if (path === '') {
          await test.step('usage figures whole', () => usageFiguresWhole(page, phone));
          await test.step('coverage legend', () => coverageLegendTrue(page));
          await test.step('header pills', () => headerPillsSayWhatTheyAre(page));
          await test.step('terms said in place', () => breakdownTermsSaid(page));
          await test.step('tables where there is room', () => tablesWhereThereIsRoom(page, phone));
          if (phone) await test.step('sorts on a narrow table', () => narrowTableSorts(page));
        }
        if (path === '/favourites') await test.step('catalog picker pages on', () => catalogPickerPagesOn(page));
        // Last: these leave the page as it was loaded (a tab away, a project changed).
        if (path === '/settings') await test.step('an unsaved edit asks before a tab drops it', () => settingsEditAsksBeforeLeaving(page));
        if (path === '/yaml') await test.step('a one-field document applies', () => oneFieldYamlApplies(page, id, viewport.width));
      });
    }
  });
}

// The pages with charts and cards side by side, on the narrowest phones as well.
test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  for (const path of ['', '/preview', '/impact', CAPPED]) {
    test(`'${path || '/'}' fits a phone 360 px wide`, async ({ page, projects }) => {
      await page.goto(`/projects/${projects.full}${path}`);
      await expect(page.getByRole('heading', { name: projects.full, level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (path.startsWith('/preview')) await expectOneColumnOfModeCards(page);
      await expectFits(page);
    });
  }
});
