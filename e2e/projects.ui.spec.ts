import { expect, test } from '@playwright/test';
import { newProject, putCatalog, sendEvents, uniqueId } from './helpers';

test('create a project in the UI, upload its catalog, and see its catalog and events', async ({ page, request }) => {
  const id = uniqueId('e2e');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

  await page.getByLabel('Project id').fill('Bad Id!');
  await expect(page.getByText('Use lower-case letters, digits and dashes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create project' })).toBeDisabled();

  await page.getByLabel('Project id').fill(id);
  await page.getByLabel('Description').fill('Created from the e2e test');
  await page.getByRole('button', { name: 'Create project' }).click();
  // The new project opens itself, with its first steps, on its usage page: no calls yet.
  await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
  await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Get ${id} its first event` })).toBeVisible();
  await expect(page.getByTestId('usage-empty')).toContainText('No calls in this window');
  // It is listed with the others.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('link', { name: id, exact: true })).toBeVisible();
  await page.getByRole('link', { name: id, exact: true }).click();
  await expect(page.getByRole('heading', { name: id, level: 1 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Project sections' });
  await tabs.getByRole('link', { name: 'Catalog' }).click();
  await expect(page.getByText('No catalog yet')).toBeVisible();

  // A proxy uploads the github server's real tools/list.
  await putCatalog(request, id, 'github');
  await page.reload();
  await expect(page.getByTestId('catalog-summary')).toHaveText('1 server · 26 tools');
  // The Catalog tab shows every server expanded.
  await expect(page.getByRole('cell', { name: 'github/create_issue', exact: true })).toBeVisible();

  // And sends a call presented as a typed wrapper name: it shows with its canonical name.
  await sendEvents(request, id, [
    { id: 'e1', timestamp: new Date().toISOString(), tool: 'github__create_issue', sessionId: 's-1' },
    { id: 'e2', timestamp: new Date().toISOString(), tool: 'jira__create_ticket', sessionId: 's-1' },
  ]);
  await tabs.getByRole('link', { name: 'Events' }).click();
  const events = page.getByTestId('events-table');
  await expect(events.getByRole('row', { name: /github__create_issue/ })).toContainText('github/create_issue');
  await expect(events.getByRole('row', { name: /jira__create_ticket/ })).toContainText('unresolved');
});

test('loading a page aborts no request: links are not prefetched only to be dropped', async ({ page, request }) => {
  const id = await newProject(request, 'loads');
  const aborted: string[] = [];
  // Prefetches only: leaving a page may well cut its own reads short.
  page.on('requestfailed', (r) => {
    if (r.headers()['next-router-prefetch']) aborted.push(`${r.url()}: ${r.failure()?.errorText}`);
  });
  for (const url of ['/', `/projects/${id}`, `/projects/${id}/favourites`, '/docs/rules']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Long enough for every link in view to have been prefetched, were it to be.
    await page.waitForTimeout(1_500);
  }
  // And following a link still works.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  expect(aborted).toEqual([]);
});
