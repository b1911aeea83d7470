import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newProject, putCatalog, sendEvents } from './helpers';

const HOUR = 3_600_000;

async function projectWithUsage(request: APIRequestContext) {
  const id = await newProject(request, 'fav');
  await putCatalog(request, id, 'github');
  await putCatalog(request, id, 'filesystem');
  const at = (i: number) => new Date(Date.now() - HOUR - i * 1000).toISOString();
  const calls = [
    ...Array.from({ length: 6 }, (_, i) => ({ id: `ci-${i}`, timestamp: at(i), tool: 'github__create_issue', sessionId: `s-${i}` })),
    ...Array.from({ length: 4 }, (_, i) => ({ id: `rf-${i}`, timestamp: at(10 + i), tool: 'filesystem/read_file', sessionId: 's-1' })),
    ...Array.from({ length: 2 }, (_, i) => ({ id: `li-${i}`, timestamp: at(20 + i), tool: 'all/github/list_issues', sessionId: 's-2' })),
  ];
  expect(await sendEvents(request, id, calls)).toMatchObject({ accepted: calls.length, rejected: [] });
  return id;
}

const pinnedNames = (page: Page) => page.getByTestId('pinned-item').getByTestId('pinned-name');

test('pin two from the suggestions, reorder, hit the maximum, then raise it through YAML', async ({ page, request }) => {
  const id = await projectWithUsage(request);
  await page.goto(`/projects/${id}/favourites`);
  await expect(page.getByRole('link', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page');
  const count = page.getByTestId('favourites-count');
  await expect(count).toHaveText('0 / 15');

  // A shortlist of two.
  await page.getByLabel('maxFavourites').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(count).toHaveText('0 / 2');

  // Pin the two most used tools from the suggestions: each gets its ★.
  const suggestions = page.getByTestId('suggestions');
  await expect(suggestions.locator('tbody tr').first()).toContainText('github/create_issue');
  await suggestions.getByRole('button', { name: 'Pin github/create_issue' }).click();
  await expect(count).toHaveText('1 / 2');
  await suggestions.getByRole('button', { name: 'Pin filesystem/read_file' }).click();
  await expect(count).toHaveText('2 / 2');
  await expect(suggestions.getByRole('img', { name: 'github/create_issue is pinned' })).toBeVisible();
  await expect(suggestions.getByRole('img', { name: 'filesystem/read_file is pinned' })).toBeVisible();
  await expect(pinnedNames(page)).toHaveText(['github/create_issue', 'filesystem/read_file']);

  // Reorder from the keyboard: lift the handle with Space, move up, drop.
  // Each key waits for what a screen reader would hear, as a person waits to see the item move.
  const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  const lift = page.getByRole('button', { name: 'Drag filesystem/read_file to reorder' });
  await lift.focus();
  await page.keyboard.press('Space');
  await expect(lift).toHaveAttribute('aria-pressed', 'true');
  // A screen reader says the lifted tool's place once dnd-kit has measured the list; it listens
  // for arrows only a moment later (up to 40 ms, more on a busy machine), and an arrow before that
  // is lost. The list says when arrows work.
  await heard('filesystem/read_file is at position 2 of 2.');
  await expect(page.getByTestId('pinned-list')).toHaveAttribute('data-arrow-keys', 'ready');
  await page.keyboard.press('ArrowUp');
  await heard('filesystem/read_file moved to position 1 of 2.');
  await page.keyboard.press('Space');
  await expect(pinnedNames(page)).toHaveText(['filesystem/read_file', 'github/create_issue']);
  // The move is saved (and said) before the mouse goes for the handle: the notice that says so
  // shifts the list, as a person would see before reaching for it.
  await expect(page.getByTestId('favourites-announcer')).toContainText('Moved filesystem/read_file to position 1 of 2.');
  // And back by dragging with the mouse: press, nudge until it lifts, then drag.
  const handle = page.getByRole('button', { name: 'Drag github/create_issue to reorder' });
  const target = page.getByTestId('pinned-item').first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 4 });
  await page.mouse.up();
  await expect(pinnedNames(page)).toHaveText(['github/create_issue', 'filesystem/read_file']);
  // The server kept the order, not just the page.
  await page.reload();
  await expect(pinnedNames(page)).toHaveText(['github/create_issue', 'filesystem/read_file']);
  await expect(count).toHaveText('2 / 2');

  // A third pin is refused, and the page says why, wherever one could pin.
  await expect(suggestions.getByRole('button', { name: 'Pin github/list_issues' })).toBeDisabled();
  await expect(suggestions.getByTestId('full-reason')).toHaveText('The list is full (2 / 2): unpin a tool or raise maxFavourites to pin another.');
  const picker = page.getByTestId('catalog-picker');
  await picker.getByLabel('Search the catalog').fill('search_code');
  await expect(picker.getByRole('button', { name: 'Pin github/search_code' })).toBeDisabled();
  await expect(picker.getByTestId('full-reason')).toBeVisible();

  // Export the YAML: the download is the document shown.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'YAML' }).click();
  const shown = page.getByTestId('project-yaml');
  await expect(shown).toContainText('maxFavourites: 2');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${id}.yaml` }).click()]);
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  expect(exported).toBe(await shown.textContent());
  expect(exported).toContain('    tools:\n      - github/create_issue\n      - filesystem/read_file\n');

  // Change maxFavourites in it, preview the diff, apply.
  await page.getByRole('button', { name: 'Edit a copy below' }).click();
  const editor = page.getByLabel('YAML to apply');
  await expect(editor).toHaveValue(exported);
  await editor.fill(exported.replace('maxFavourites: 2', 'maxFavourites: 4'));
  await page.getByRole('button', { name: 'Preview changes' }).click();
  const plan = page.getByTestId('yaml-plan');
  await expect(plan).toContainText('0 to create · 1 to update · 0 unchanged');
  await expect(plan).toContainText('spec.favouriteIndex.maxFavourites: 2 → 4');
  await expect(plan.getByLabel('YAML diff')).toContainText('-    maxFavourites: 2');
  await expect(plan.getByLabel('YAML diff')).toContainText('+    maxFavourites: 4');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('apply-done')).toHaveText('Applied: 0 created, 1 updated, 0 unchanged.');
  await expect(shown).toContainText('maxFavourites: 4');

  // The favourites page reflects it: room for two more, and the history says it came by YAML.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Favourites' }).click();
  await expect(count).toHaveText('2 / 4');
  await expect(suggestions.getByRole('button', { name: 'Pin github/list_issues' })).toBeEnabled();
  await expect(page.getByTestId('full-reason')).toHaveCount(0);
  const latest = page.getByTestId('history').locator('li').first();
  await expect(latest).toContainText('via YAML');
  await expect(latest).toContainText('maxFavourites 2 → 4');
  await expect(page.getByTestId('history').locator('li').nth(1)).toContainText('via dashboard');
});

test('a stale write says someone else changed the favourites and shows their change', async ({ page, request }) => {
  const id = await projectWithUsage(request);
  // This page has not heard of the other write yet: its live updates (a poll every 1.5 s) are
  // held back, as on a slow network. Otherwise, on a loaded machine, the poll may catch the
  // page up before the click, and there is nothing stale left to show.
  await page.route('**/api/projects/*/changes', (route) => route.abort());
  await page.goto(`/projects/${id}/favourites`);
  await expect(page.getByTestId('favourites-count')).toHaveText('0 / 15');

  // Someone else pins a tool through the API while this page is open.
  expect((await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool: 'github/get_issue' } })).ok()).toBe(true);

  // Applying the suggestions was decided on the old list: it is refused, and the page catches up.
  await page.getByRole('button', { name: 'Apply suggestions…' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm the suggested favourites' });
  await expect(confirm).toContainText('pin github/create_issue');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const notice = page.getByTestId('stale-notice');
  await expect(notice).toContainText('Someone else changed the favourites (now version 2)');
  await expect(notice).toContainText('Their change: pinned github/get_issue.');
  await expect(pinnedNames(page)).toHaveText(['github/get_issue']);
  await expect(page.getByTestId('favourites-count')).toHaveText('1 / 15');

  // Applying again, now on the current list, works.
  await page.getByRole('button', { name: 'Apply suggestions…' }).click();
  await expect(confirm).toContainText('unpin github/get_issue');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(pinnedNames(page)).toHaveText(['github/create_issue', 'filesystem/read_file', 'github/list_issues']);
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);
});
