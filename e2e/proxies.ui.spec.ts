import { expect, test } from '@playwright/test';
import { buildRunnerReport, catalogs, fitsWidth, newProject, putCatalog, sendEvents } from './helpers';

const FILESYSTEM_TOOLS = catalogs.filesystem.tools.length;
const GITHUB_TOOLS = catalogs.github.tools.length;

/** A project with github and filesystem uploaded, and a proxy that reports it runs filesystem only. */
async function projectWithProxy(request: Parameters<typeof putCatalog>[0]): Promise<string> {
  const id = await newProject(request, 'proxies');
  await putCatalog(request, id, 'github');
  await putCatalog(request, id, 'filesystem');
  const report = buildRunnerReport('favindex refused PUT /catalog: this token lacks the scope catalog:write (HTTP 403 FORBIDDEN)');
  expect((await request.put(`/api/projects/${id}/proxies/proxy-e2e-runner`, { data: report })).ok()).toBe(true);
  return id;
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the Proxies tab shows what a reporting proxy runs and presents, and the header counts only that', async ({ page, request }) => {
      const id = await projectWithProxy(request);
      await page.goto(`/projects/${id}/proxies`);
      const card = page.getByRole('region', { name: 'build-runner-07', exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByText('connected', { exact: true })).toBeVisible();
      await expect(card.getByTestId('proxy-last-seen')).toHaveText(/^last seen /);
      await expect(card.getByText('favindex proxy 0.1.0, over stdio')).toBeVisible();
      await expect(card.getByTestId('proxy-clients')).toHaveText('claude-code (2 sessions)');
      await expect(card.getByTestId('proxy-presented')).toContainText('2 tools to a new session');
      await expect(card.getByTestId('proxy-backlog')).toHaveText('3 events (2 KiB) waiting');
      await expect(card.getByTestId('proxy-last-error')).toContainText('lacks the scope catalog:write');
      const rows = card.getByTestId('proxy-servers').getByRole('row');
      await expect(rows.nth(1)).toContainText('filesystem');
      await expect(rows.nth(2)).toContainText('failed');
      await expect(rows.nth(2)).toContainText('exited with code 1');
      // Said plainly above the table too: which server is not up, and why.
      await expect(card.getByTestId('proxy-servers-not-up')).toContainText('Not up: memory failed: exited with code 1 before it listed its tools.');
      await expect(page.getByTestId('no-proxy')).toHaveCount(0);
      await fitsWidth(page);

      // The header (on another tab) counts what the proxy runs, and names github apart.
      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Favourites' }).click();
      const apart = page.getByTestId('uploaded-only');
      await expect(apart).toContainText('Uploaded, no connected proxy runs it: no model sees these tools');
      await expect(apart).toContainText(`github (${GITHUB_TOOLS} tools)`);
      await page.goto(`/projects/${id}/preview`);
      await expect(page.getByTestId('preview-summary')).toContainText(`run by connected proxies 1 server, ${FILESYSTEM_TOOLS} tools`);
      await fitsWidth(page);
    });

    test('a pin of a tool no connected proxy runs, or one the policy denies to everyone, asks first, naming why', async ({ page, request }) => {
      const id = await projectWithProxy(request);
      // write_file's two calls were refusals of `deny filesystem/write_file`; edit_file is denied to the token ci only.
      const at = (i: number) => new Date(Date.now() - 3_600_000 - i * 1000).toISOString();
      const call = (tool: string, i: number, status = 'ok') => ({ id: `${tool}-${i}`, timestamp: at(i), tool, sessionId: 's-1', status });
      await sendEvents(request, id, [
        ...[0, 1, 2].map((i) => call('filesystem/read_file', i)),
        ...[3, 4].map((i) => call('filesystem/edit_file', i)),
        ...[5, 6].map((i) => call('filesystem/write_file', i, 'denied')),
      ]);
      const rules = [
        { effect: 'deny', tools: ['filesystem/write_file'] },
        { effect: 'deny', tools: ['filesystem/edit_file'], identities: ['token:ci'] },
      ];
      expect((await request.put(`/api/projects/${id}/policy`, { data: { policy: { default: 'allow', rules } } })).ok()).toBe(true);
      await page.goto(`/projects/${id}/favourites`);

      // The suggestions leave out what no one may call, say why, and mark whom a tool is denied to.
      const suggestions = page.getByTestId('suggestions');
      await expect(suggestions.locator('tbody tr')).toHaveCount(2);
      await expect(suggestions.locator('tbody tr').nth(1)).toContainText('denied to token:ci');
      await expect(suggestions.getByTestId('suggestions-withheld')).toHaveText(
        'Not suggested, as the tool policy denies them to every identity: filesystem/write_file (0 calls, 2 refusals).',
      );
      const picker = page.getByTestId('catalog-picker');
      await picker.getByLabel('Search the catalog').fill('write_file');
      await picker.getByRole('button', { name: 'Pin filesystem/write_file' }).click();
      const denied = page.getByRole('group', { name: 'Pin filesystem/write_file, which the policy denies to everyone?' });
      await expect(denied).toContainText('The tool policy denies filesystem/write_file to every identity: no session is shown it');
      await denied.getByRole('button', { name: 'Cancel' }).click();
      await expect(denied).toHaveCount(0);
      await expect(page.getByTestId('favourites-count')).toHaveText('0 / 15');

      await picker.getByLabel('Search the catalog').fill('create_issue');
      await picker.getByRole('button', { name: 'Pin github/create_issue' }).click();
      const ask = page.getByRole('group', { name: 'Pin github/create_issue, which no client receives?' });
      await expect(ask).toContainText("No client will receive github/create_issue: 'github' is not among the servers of the connected proxy (build-runner-07)");
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toHaveCount(0);
      await expect(page.getByTestId('favourites-count')).toHaveText('0 / 15');

      await picker.getByRole('button', { name: 'Pin github/create_issue' }).click();
      await page.getByRole('button', { name: 'Pin anyway' }).click();
      await expect(page.getByTestId('favourites-count')).toHaveText('1 / 15');
      await fitsWidth(page);
    });

    test('with no proxy connected, the tab says so and what to do', async ({ page, request }) => {
      const id = await newProject(request, 'no-proxy');
      await page.goto(`/projects/${id}/proxies`);
      const none = page.getByRole('region', { name: 'No proxy connected' });
      await expect(none).toContainText('events:write, surface:read, catalog:write');
      await expect(none.getByTestId('proxy-command')).toContainText(`favindex proxy --project ${id} --url http://127.0.0.1:`);
      await fitsWidth(page);
    });
  });
}
