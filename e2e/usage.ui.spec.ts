import { expect, test } from '@playwright/test';
import { newProject, putCatalog, sendEvents } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test('the usage page ranks what the models call, follows the window in the URL, and lists unresolved names', async ({ page, request }) => {
  const id = await newProject(request, 'usage');
  await putCatalog(request, id, 'github');

  const now = Date.now();
  const recent = (i: number) => new Date(now - HOUR - i * 1000).toISOString();
  const weeksAgo = (i: number) => new Date(now - 20 * DAY - i * 1000).toISOString();
  const events = [
    // Inside the last 7 days: create_issue leads.
    ...Array.from({ length: 5 }, (_, i) => ({
      id: `ci-${i}`,
      timestamp: recent(i),
      tool: i % 2 ? 'all/github/create_issue' : 'github__create_issue',
      sessionId: `s-${i}`,
    })),
    ...Array.from({ length: 3 }, (_, i) => ({ id: `li-${i}`, timestamp: recent(10 + i), tool: 'github/list_issues', sessionId: 's-1' })),
    // Twenty days ago: get_issue, busier than anything this week.
    ...Array.from({ length: 12 }, (_, i) => ({ id: `gi-${i}`, timestamp: weeksAgo(i), tool: 'github/get_issue', sessionId: 's-old' })),
    // A name nothing can resolve.
    { id: 'bad-1', timestamp: recent(20), tool: 'jira__create_ticket', sessionId: 's-2' },
    { id: 'bad-2', timestamp: recent(21), tool: 'jira__create_ticket', sessionId: 's-2' },
  ];
  expect(await sendEvents(request, id, events)).toMatchObject({ accepted: events.length, rejected: [] });

  await page.goto(`/projects/${id}`);
  await expect(page.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
  const table = page.getByTestId('usage-table');
  const firstRow = table.locator('tbody tr').first();

  // The default window is 30 days: get_issue's 12 calls come first.
  await expect(page.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(firstRow).toContainText('github/get_issue');
  await expect(firstRow.getByRole('cell').nth(3)).toHaveText('12');
  await expect(page.getByTestId('stat-calls')).toHaveText('22');
  await expect(page.getByTestId('top-tools-chart')).toContainText('github/get_issue');

  // Seven days: get_issue drops out, create_issue leads with 5, and the URL holds the choice.
  await page.getByRole('button', { name: '7d' }).click();
  await expect(page).toHaveURL(/[?&]window=7d/);
  await expect(firstRow).toContainText('github/create_issue');
  await expect(firstRow.getByRole('cell').nth(3)).toHaveText('5');
  await expect(page.getByTestId('stat-calls')).toHaveText('10');
  await expect(table).not.toContainText('github/get_issue');
  await page.reload();
  await expect(page.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(firstRow).toContainText('github/create_issue');

  // The unresolved panel names the bad name with its count and why.
  const unresolved = page.getByTestId('unresolved-panel');
  const bad = unresolved.getByRole('row', { name: /jira__create_ticket/ });
  await expect(bad).toContainText('2');
  await expect(bad).toContainText('no catalog server matches');
  await expect(page.getByTestId('stat-unresolved')).toHaveText('2');

  // The table sorts by any column from the keyboard.
  await table.getByRole('button', { name: 'Tool' }).focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: 'Tool' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow).toContainText('github/create_issue');
  await page.keyboard.press('Enter');
  await expect(firstRow).toContainText('github/list_issues');

  // The projects list shows the calls of the window the Usage tab opens on (30 days) beside the project.
  await page.goto('/');
  await expect(page.getByTestId(`project-usage-${id}`)).toContainText('22');
  await expect(page.getByTestId(`project-usage-${id}`)).toContainText('30d');
});
