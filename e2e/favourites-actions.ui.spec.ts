import { expect, test } from '@playwright/test';
import { editYamlCopy, newProject, putCatalog } from './helpers';

const pin = (tool: string) => ({ data: { tool } });

test('act on what the page says: unpin what a lower maxFavourites names, undo an unpin, revert a history entry', async ({ page, request }) => {
  const id = await newProject(request, 'act');
  await putCatalog(request, id, 'github');
  for (const tool of ['github/create_issue', 'github/list_issues', 'github/get_issue']) {
    expect((await request.post(`/api/projects/${id}/favourites/pin`, pin(tool))).ok()).toBe(true);
  }
  await page.goto(`/projects/${id}/favourites`);
  const names = page.getByTestId('pinned-name');
  const count = page.getByTestId('favourites-count');
  await expect(names).toHaveText(['github/create_issue', 'github/list_issues', 'github/get_issue']);

  // maxFavourites 1 is below the 3 pinned: the server names the two to unpin, and one button does it.
  await page.getByLabel('maxFavourites').fill('1');
  await expect(page.getByText('github/list_issues, github/get_issue would have to be unpinned')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByTestId('below-pinned');
  await expect(conflict).toContainText('Unpin github/list_issues, github/get_issue to make room.');
  await expect(conflict.getByRole('button', { name: 'Unpin these 2 and save' })).toBeFocused();
  await conflict.getByRole('button', { name: 'Unpin these 2 and save' }).click();
  await expect(names).toHaveText(['github/create_issue']);
  await expect(count).toHaveText('1 / 1');
  await expect(conflict).toHaveCount(0);

  // Unpin, then undo it.
  await page.getByRole('button', { name: 'Unpin github/create_issue' }).click();
  const heard = page.getByTestId('favourites-announcer');
  await expect(heard).toContainText('Unpinned github/create_issue (0 of 1).');
  await expect(names).toHaveCount(0);
  await heard.getByRole('button', { name: 'Undo' }).click();
  await expect(names).toHaveText(['github/create_issue']);
  await expect(heard).toContainText('Pinned github/create_issue again, at position 1.');

  // The history shows each change as a diff; revert the one that unpinned two tools.
  const history = page.getByTestId('history');
  const entry = history.locator('li').filter({ hasText: 'Unpinned github/list_issues' }).filter({ hasText: 'maxFavourites 15 → 1' });
  await expect(entry).toContainText('via dashboard');
  await expect(entry).toContainText('Unpinned github/get_issue (was 3)');
  await entry.getByText('Before → after').click();
  await expect(entry).toContainText('1. github/create_issue2. github/list_issues3. github/get_issue');
  await entry.getByRole('button', { name: /^Revert/ }).click();
  const confirm = page.getByRole('group', { name: /^Revert to before v/ });
  await expect(confirm).toContainText('pinned github/list_issues, github/get_issue');
  await expect(confirm).toContainText('maxFavourites 1 → 15');
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(names).toHaveText(['github/create_issue', 'github/list_issues', 'github/get_issue']);
  await expect(count).toHaveText('3 / 15');
  const latest = history.locator('li').first();
  await expect(latest).toContainText('via dashboard');
  await expect(latest).toContainText('Pinned github/list_issues at 2');
  await expect(latest).toBeFocused();

  // The API agrees, and so does the version it was written against.
  const favourites = await (await request.get(`/api/projects/${id}/favourites`)).json();
  expect(favourites).toMatchObject({ maxFavourites: 15, tools: ['github/create_issue', 'github/list_issues', 'github/get_issue'] });
});

test('a YAML problem selects the value it is about; validator messages read as plain words', async ({ page, request }) => {
  const id = await newProject(request, 'yaml-line');
  const { editor, exported } = await editYamlCopy(page, id);
  const broken = exported.replace(/maxFavourites: \d+/, 'maxFavourites: 500');
  await editor.fill(broken);
  await page.getByRole('button', { name: 'Preview changes' }).click();
  const problems = page.getByRole('list', { name: 'Problems' });
  await expect(problems).toContainText('spec.favouriteIndex.maxFavourites');
  await expect(problems).toContainText('must be at most');
  await expect(problems).not.toContainText('Too big');
  await expect(editor).toBeFocused();
  const selected = await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selected).toBe('500');

  // Another line, from the list.
  await editor.fill(broken.replace('maxFavourites: 500', 'maxFavourites: 5').replace(/enabled: true/, 'enabled: 3'));
  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect(problems).toContainText('must be true or false, not a number');
  await page.locator('body').focus();
  await problems
    .getByRole('button', { name: /line \d+:\d+$/ })
    .first()
    .click();
  await expect(editor).toBeFocused();
  expect(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe('3');
});

test('an unknown project is a 404 page that says so once', async ({ page }) => {
  const response = await page.goto('/projects/no-such-project-here/favourites');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No such project', level: 1 })).toBeVisible();
  await expect(page.getByText('There is no project no-such-project-here.')).toHaveCount(1);
  // No error notice besides (Next's route announcer is an empty alert).
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
});
