import { expect, test } from '@playwright/test';
import { fullProject } from './helpers';
import { expectFits } from './page-checks';

// The project tabs are checked in e2e/tabs.ui.spec.ts, on the load the other page checks share.

// A phone held upright: nothing may need a sideways scroll, and every control must be reachable.
test.use({ viewport: { width: 390, height: 844 } });

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
