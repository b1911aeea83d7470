import { expect, type Page, test } from '@playwright/test';
import { DESKTOP_AND_PHONE, fullProject, newProject, putCatalog, sendEvents } from './helpers';

/**
 * Pages that change by themselves show it without a reload: what a proxy or a script writes
 * through the API reaches an open page within a short poll (#22 item 7), where it used to wait
 * 15 to 30 s for the page's own refresh.
 */
// Well inside the 10–30 s the pages used to wait, with room for a loaded CI machine.
const SOON = { timeout: 5_000 };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function proxyReport(host: string) {
  return {
    host,
    version: '0.1.0',
    startedAt: minutesAgo(1),
    transport: 'stdio',
    state: 'running',
    surfaceRevision: 1,
    servers: [{ name: 'github', state: 'up', tools: 26, lastError: null, restarts: 0 }],
    clients: [{ name: 'claude-code', sessions: 1 }],
    presented: { count: 1, names: ['favourite/create_issue'] },
    spool: { events: 0, bytes: 0, dropped: 0 },
    lastError: null,
  };
}

/** Wait until the page has been polling a while, so the write lands on a page already open. */
async function settled(page: Page) {
  await page.waitForResponse((res) => res.url().includes('/changes') && res.ok());
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Usage, Events and Proxies show new events and a proxy connecting without a reload', async ({ page, request }) => {
      const id = await fullProject(request, 'live');
      const base = `/projects/${id}`;

      await page.goto(base);
      const calls = page.getByTestId('stat-calls');
      await expect(calls).toHaveText(/^\d+$/);
      const before = Number(await calls.textContent());
      await settled(page);
      await sendEvents(
        request,
        id,
        [1, 2, 3].map((i) => ({ id: `live-u-${i}`, timestamp: minutesAgo(i), tool: 'github/list_issues', sessionId: 's-live' })),
      );
      await expect(calls).toHaveText(String(before + 3), SOON);

      await page.goto(`${base}/events`);
      const events = page.getByTestId('events-table');
      await expect(events).toBeVisible();
      await expect(events.getByText('github/fork_repository')).toHaveCount(0);
      await settled(page);
      await sendEvents(request, id, [{ id: 'live-e-1', timestamp: minutesAgo(0), tool: 'github/fork_repository', sessionId: 's-live' }]);
      await expect(events.getByText('github/fork_repository').first()).toBeVisible(SOON);

      await page.goto(`${base}/proxies`);
      await expect(page.getByText('live-runner-01')).toHaveCount(0);
      await settled(page);
      expect((await request.put(`/api/projects/${id}/proxies/live-runner`, { data: proxyReport('live-runner-01') })).ok()).toBe(true);
      await expect(page.getByText('live-runner-01').first()).toBeVisible(SOON);
    });

    test('the first-run checklist sees the catalog and the first event arrive', async ({ page, request }) => {
      const id = await newProject(request, 'live-start');
      await page.goto(`/projects/${id}`);
      const steps = page.getByTestId('first-run');
      await expect(page.getByTestId('first-event-status')).toContainText('Waiting for the first event…');
      await settled(page);

      await putCatalog(request, id, 'github');
      await expect(steps.getByTestId('first-run-catalog')).toContainText('github (26 tools)', SOON);
      await sendEvents(request, id, [{ id: 'first', timestamp: minutesAgo(0), tool: 'github/create_issue', sessionId: 's-1' }]);
      await expect(page.getByTestId('first-event-status')).not.toContainText('Waiting for the first event…', SOON);
    });
  });
}

test('a hidden tab stops asking what changed, and asks again when shown', async ({ page, request }) => {
  const id = await fullProject(request, 'live-hidden');
  await page.goto(`/projects/${id}/tokens`);
  await settled(page);
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(`/api/projects/${id}/changes`)) asked.push(req.url());
  });
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  await setVisibility('hidden');
  asked.length = 0;
  // Three poll intervals with the tab hidden: not one question.
  await page.waitForTimeout(4_500);
  expect(asked).toEqual([]);
  await setVisibility('visible');
  await expect.poll(() => asked.length).toBeGreaterThan(0);
});
