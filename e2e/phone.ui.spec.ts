import { expect, type Page, test } from '@playwright/test';
import { fullProject, PROJECT_TABS } from './helpers';

// A phone held upright: nothing may need a sideways scroll, and every control must be reachable.
test.use({ viewport: { width: 390, height: 844 } });

/**
 * What does not fit: the page's width past the viewport, and each visible control that, even
 * scrolled into view (within a tab bar or a table that scrolls by itself), sticks out of it.
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

async function expectFits(page: Page) {
  const measured = await overflow(page);
  expect(measured.cut, 'controls cut off at the right or left edge').toEqual([]);
  expect(measured.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(measured.innerWidth);
}

test('the projects list, the docs and a missing page fit a phone', async ({ page, request }) => {
  await fullProject(request, 'phone-list');
  for (const url of ['/', '/docs/rules', '/docs/api', '/projects/no-such-project']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await test.step(url, () => expectFits(page));
  }
});

test('the login page fits a phone', async ({ page }) => {
  await page.goto(`${process.env.E2E_PASSWORD_URL}/login`);
  await expect(page.getByLabel('Admin password')).toBeVisible();
  await expectFits(page);
});

for (const tab of PROJECT_TABS) {
  test(`the project tab '${tab || '/'}' fits a phone, with every tab reachable`, async ({ page, request }) => {
    const id = await fullProject(request, 'phone');
    await page.goto(`/projects/${id}${tab}`);
    await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectFits(page);
    // The last tabs of the bar are there to be tapped, not hidden past the edge.
    const tabs = page.getByRole('navigation', { name: 'Project sections' });
    for (const name of ['Preview', 'Tokens', 'YAML']) {
      const link = tabs.getByRole('link', { name });
      await link.scrollIntoViewIfNeeded();
      // (A fraction of a pixel may fall to rounding; a tab cut off would lose far more.)
      await expect(link).toBeInViewport({ ratio: 0.97 });
    }
  });
}

test('a long tool name wraps at / and _, not inside a word', async ({ page, request }) => {
  const id = await fullProject(request, 'phone-names');
  await page.goto(`/projects/${id}/favourites`);
  const name = page.getByTestId('pinned-name').filter({ hasText: 'filesystem/list_allowed_directories' });
  await expect(name).toBeVisible();
  // Each line of the wrapped name ends at a separator (or is the end of the name).
  const lines = await name.evaluate((el) => {
    const range = document.createRange();
    const text = el.textContent ?? '';
    const ends: number[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop) ends.push(offset + i);
        lastTop = top;
      }
      offset += (node.textContent ?? '').length;
    }
    return ends.map((at) => text.slice(0, at));
  });
  expect(lines.length, 'the name is too long for one line of a phone').toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/[/_.]$/);
});

// The pages with charts and cards side by side, on the narrowest phones as well.
for (const width of [360, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const tab of ['', '/preview', '/impact', '/preview?target=custom&cap=20&open=eager']) {
      test(`'${tab || '/'}' fits a phone ${width} px wide`, async ({ page, request }) => {
        const id = await fullProject(request, `phone-${width}`);
        await page.goto(`/projects/${id}${tab}`);
        await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        if (tab.startsWith('/preview')) {
          await expect(page.getByTestId('mode-card-eager')).toBeVisible();
          // One column of mode cards: each starts at the same left edge.
          const lefts = await page.locator('[data-testid^="mode-card-"]').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
          expect(new Set(lefts).size).toBe(1);
        }
        await expectFits(page);
      });
    }
  });
}
