import { expect, test } from '@playwright/test';
import { plantedSessions } from '../test/planted-traces';
import { newProject, putCatalog, sendEvents } from './helpers';

test('the Impact page says how many more sessions used the tool a pin loaded, with its interval, per client', async ({ page, request }) => {
  const id = await newProject(request, 'reach');
  await putCatalog(request, id, 'github');
  expect((await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool: 'github/list_issues' } })).ok()).toBe(true);
  // github/list_issues: one session in three before the pin; after it, every claude-code session and still one cursor session in three.
  const events = plantedSessions({
    revisions: [1, 2],
    clients: ['claude-code', 'cursor'],
    sessionsPerCell: 60,
    calls: (revision, client, s) => ['github/get_issue', ...((revision === 2 && client === 'claude-code') || s % 3 === 0 ? ['github/list_issues'] : [])],
    now: Date.now(),
  });
  for (let i = 0; i < events.length; i += 1000) await sendEvents(request, id, events.slice(i, i + 1000));

  await page.goto(`/projects/${id}/impact`);
  const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Did loading help?' }) });
  // The first impact report of a project on a busy machine can take a while: the whole page waits on it.
  await expect(panel).toContainText('This change loaded github/list_issues.', { timeout: 30_000 });
  await expect(panel).toContainText('read all 120 sessions before · all 120 sessions after');

  // Every session: 33% → 67%, an interval that holds +33 points and leaves out 0.
  const loaded = panel.getByTestId('reach-loadedByChange');
  await expect(loaded).toContainText(/^Sessions that used the tools this change loaded: 33% → 67% \(\+33 points, 95% interval \+\d+ to \+\d+ points\)$/);
  const text = (await loaded.textContent()) ?? '';
  const [, low, high] = text.match(/interval \+(\d+) to \+(\d+) points/)!;
  expect(Number(low)).toBeGreaterThan(0);
  expect(Number(low)).toBeLessThanOrEqual(33);
  expect(Number(high)).toBeGreaterThanOrEqual(33);
  await expect(panel.getByTestId('reach-usedLoaded')).toContainText('Sessions that used a loaded tool: 0% → 67%');

  // Per client: the whole effect is claude-code's; cursor reads the same before and after.
  const clients = panel.getByTestId('reach-clients');
  const claude = clients.getByRole('row', { name: /claude-code/ });
  await expect(claude).toContainText('33% → 100%');
  await expect(claude).toContainText(/\+67 points \[\+\d+, \+\d+\]/);
  const cursor = clients.getByRole('row', { name: /cursor/ });
  await expect(cursor).toContainText('33% → 33%');
  const cursorCell = cursor.locator('[data-measure="loadedByChange"]');
  expect(Number(await cursorCell.getAttribute('data-low'))).toBeLessThanOrEqual(0);
  expect(Number(await cursorCell.getAttribute('data-high'))).toBeGreaterThanOrEqual(0);
  await expect(clients.getByRole('columnheader', { name: 'Calls before first success' })).toBeVisible();
});

test('the reach says "not enough data" below the minimum sessions', async ({ page, request }) => {
  const id = await newProject(request, 'reach-few');
  await putCatalog(request, id, 'github');
  expect((await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool: 'github/list_issues' } })).ok()).toBe(true);
  const events = plantedSessions({ revisions: [1, 2], clients: ['claude-code'], sessionsPerCell: 10, calls: () => ['github/list_issues'], now: Date.now() });
  await sendEvents(request, id, events);
  await page.goto(`/projects/${id}/impact`);
  await expect(page.getByTestId('reach-loadedByChange')).toContainText(
    'Sessions that used the tools this change loaded: 100% → 100% (not enough data: 10 sessions before, 10 after; 30 needed on each side)',
    { timeout: 30_000 },
  );
});
