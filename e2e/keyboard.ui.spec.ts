import { expect, type Page, test } from '@playwright/test';
import { newProject, putCatalog, sendEvents } from './helpers';

const HOUR = 3_600_000;

/** What has the keyboard focus, as a screen reader would name it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || el.tagName : 'nothing';
  });
}

/** Press Tab until the named control has the focus; how many presses it took. */
async function tabTo(page: Page, name: string, max = 60, path: string[] = []): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    path.push(now);
    if (now === name) return presses;
  }
  throw new Error(`${name} was not reached in ${max} Tab presses (focus is on ${await focused(page)})`);
}

test('by keyboard only: reach the first suggested Pin fast, pin, move and unpin with the focus kept on the row, and undo', async ({ page, request }) => {
  const id = await newProject(request, 'keys');
  await putCatalog(request, id, 'github');
  await putCatalog(request, id, 'filesystem');
  const at = (i: number) => new Date(Date.now() - HOUR - i * 1000).toISOString();
  await sendEvents(request, id, [
    ...Array.from({ length: 6 }, (_, i) => ({ id: `ci-${i}`, timestamp: at(i), tool: 'github/create_issue', sessionId: 's-1' })),
    ...Array.from({ length: 4 }, (_, i) => ({ id: `rf-${i}`, timestamp: at(10 + i), tool: 'filesystem/read_file', sessionId: 's-1' })),
    ...Array.from({ length: 2 }, (_, i) => ({ id: `li-${i}`, timestamp: at(20 + i), tool: 'github/list_issues', sessionId: 's-2' })),
  ]);
  await page.goto(`/projects/${id}/favourites`);
  const pinned = page.getByTestId('pinned-name');
  const heard = page.getByTestId('favourites-announcer');
  await expect(page.getByTestId('suggestions').getByRole('button', { name: 'Pin github/create_issue' })).toBeVisible();

  // The first stop is the skip link; past it the first suggested Pin is a few presses away.
  await expect(async () => {
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to content');
  }).toPass();
  await page.keyboard.press('Enter');
  const path: string[] = [];
  const presses = 1 + (await tabTo(page, 'Pin github/create_issue', 20, path));
  // The skip link, what the header's pills mean, the project's thirteen tabs (Routers the
  // newest), then the first suggested Pin: nothing else in the way.
  expect(presses, path.join(' → ')).toBeLessThanOrEqual(16);

  // Pin three in a row: each time the focus moves on to the next Pin, and the pin is announced.
  await page.keyboard.press('Enter');
  await expect(heard).toContainText('Pinned github/create_issue (1 of 15).');
  await expect.poll(() => focused(page)).toBe('Pin filesystem/read_file');
  await page.keyboard.press('Enter');
  await expect(heard).toContainText('Pinned filesystem/read_file (2 of 15).');
  await expect.poll(() => focused(page)).toBe('Pin github/list_issues');
  await page.keyboard.press('Enter');
  await expect(heard).toContainText('Pinned github/list_issues (3 of 15).');
  await expect(pinned).toHaveText(['github/create_issue', 'filesystem/read_file', 'github/list_issues']);

  // Move the last one up twice: the focus stays on its ↑, then (at the top) on its ↓. The focus is
  // on the last row's Unpin, so Tab goes round the whole page (every tab, every catalog Pin) to it.
  await tabTo(page, 'Move github/list_issues up', 100);
  await page.keyboard.press('Enter');
  await expect(pinned).toHaveText(['github/create_issue', 'github/list_issues', 'filesystem/read_file']);
  await expect(heard).toContainText('Moved github/list_issues to position 2 of 3.');
  await expect.poll(() => focused(page)).toBe('Move github/list_issues up');
  await page.keyboard.press('Enter');
  await expect(pinned).toHaveText(['github/list_issues', 'github/create_issue', 'filesystem/read_file']);
  await expect(heard).toContainText('Moved github/list_issues to position 1 of 3.');
  await expect.poll(() => focused(page)).toBe('Move github/list_issues down');
  await page.keyboard.press('Enter');
  await expect(pinned).toHaveText(['github/create_issue', 'github/list_issues', 'filesystem/read_file']);
  await expect(heard).toContainText('Moved github/list_issues to position 2 of 3.');
  await expect.poll(() => focused(page)).toBe('Move github/list_issues down');

  // Unpin it: the focus goes to the row that takes its place.
  await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toBe('Unpin github/list_issues');
  await page.keyboard.press('Enter');
  await expect(pinned).toHaveText(['github/create_issue', 'filesystem/read_file']);
  await expect(heard).toContainText('Unpinned github/list_issues (2 of 15).');
  await expect.poll(() => focused(page)).toBe('Unpin filesystem/read_file');

  // Undo (back up to it): the tool is back at its place, with the focus on its row.
  for (let i = 0; i < 12 && (await focused(page)) !== 'Undo'; i++) await page.keyboard.press('Shift+Tab');
  await expect.poll(() => focused(page)).toBe('Undo');
  await page.keyboard.press('Enter');
  await expect(pinned).toHaveText(['github/create_issue', 'github/list_issues', 'filesystem/read_file']);
  await expect(heard).toContainText('Pinned github/list_issues again, at position 2.');
  await expect.poll(() => focused(page)).toBe('Unpin github/list_issues');

  // Unpin the last row: the focus goes to the row before it.
  await tabTo(page, 'Unpin filesystem/read_file');
  await page.keyboard.press('Enter');
  await expect(pinned).toHaveText(['github/create_issue', 'github/list_issues']);
  await expect.poll(() => focused(page)).toBe('Unpin github/list_issues');
});

test('by keyboard: revoking a token keeps the focus in the table', async ({ page, request }) => {
  const id = await newProject(request, 'keys-tokens');
  for (const name of ['proxy one', 'proxy two']) expect((await request.post(`/api/projects/${id}/tokens`, { data: { name } })).ok()).toBe(true);
  await page.goto(`/projects/${id}/tokens`);
  const table = page.getByTestId('tokens-table');
  await expect(table.getByRole('button', { name: 'Revoke proxy one' })).toBeVisible();

  await table.getByRole('button', { name: 'Revoke proxy one' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('Confirm revoke');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('Revoke proxy one');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(table.getByRole('row', { name: /proxy one/ })).toContainText('revoked');
  await expect.poll(() => focused(page)).toBe('Revoke proxy two');
});
