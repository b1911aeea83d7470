import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProjectInUi, uniqueId } from './helpers';

const githubFile = path.join(import.meta.dirname, '..', 'lib', 'demo', 'catalogs', 'github.json');

/** The request a copied curl command makes: its URL, headers and body, as the shell would hand them to curl. */
function parseCurl(command: string) {
  const unquote = (text: string) => text.replaceAll(`'\\''`, `'`);
  const url = /-X POST '([^']+)'/.exec(command)?.[1];
  const headers = Object.fromEntries([...command.matchAll(/-H '([^:']+): ([^']*)'/g)].map((m) => [m[1]!, m[2]!]));
  const body = /--data-binary '((?:[^']|'\\'')*)'\s*$/.exec(command)?.[1];
  if (!url || body === undefined) throw new Error(`not a curl command this test understands:\n${command}`);
  return { url, headers, body: unquote(body) };
}

test('a new user without a proxy goes from no project to a first event without the API: create, upload a catalog file, copy the curl, see the event', async ({
  page,
}) => {
  const id = uniqueId('first');
  // The project opens on its checklist.
  await createProjectInUi(page, id);
  const steps = page.getByTestId('first-run');
  await expect(steps.getByRole('heading', { name: `Get ${id} its first event` })).toBeVisible();
  await expect(steps.getByRole('heading', { name: 'Connect a proxy' })).not.toContainText('(done)');
  await expect(page.getByTestId('first-event-status')).toContainText('Waiting for the first event…');

  // Without a proxy: the folded part leads to the Catalog tab, and to a catalog push that runs
  // from this checkout (no favindex on the PATH). A file that is not a tools/list says why.
  const noProxy = steps.getByTestId('no-proxy');
  await noProxy.getByText('No proxy?').click();
  await expect(noProxy).toContainText(`/bin/favindex.mjs' catalog push --url 'http://127.0.0.1:`);
  await noProxy.getByRole('link', { name: 'Catalog tab' }).click();
  const chooser = page.getByLabel('Choose a tools/list JSON file');
  await chooser.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"tools": [{"description": "no name"}]') });
  await expect(page.getByTestId('upload-problem')).toHaveText(/^notes\.json: The file is not JSON: /);
  await chooser.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"name": "a server"}') });
  await expect(page.getByTestId('upload-problem')).toHaveText(
    'notes.json: The file has no "tools" list: upload the result of tools/list, like {"tools": [{"name": …}]}.',
  );
  // A JSON-RPC answer that names no server: the server name is asked for.
  const rpc = { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'list_pods', inputSchema: { type: 'object' } }] } };
  await chooser.setInputFiles({ name: 'tools-list.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rpc)) });
  await expect(page.getByTestId('upload-problem')).toHaveCount(0);
  const serverName = page.getByRole('form', { name: 'Upload the file' }).getByLabel('Server name');
  await expect(serverName).toHaveValue('');
  await expect(serverName).toBeFocused();
  await expect(page.getByRole('button', { name: 'Upload 1 tool' })).toBeDisabled();
  await serverName.fill('k8s');
  await page.getByRole('button', { name: 'Upload 1 tool' }).click();
  await expect(page.getByTestId('upload-done')).toHaveText('Uploaded k8s: 1 tool, catalog version 1.');
  // The real github tools/list names its server itself.
  await chooser.setInputFiles(githubFile);
  await expect(serverName).toHaveValue('github');
  await page.getByRole('button', { name: 'Upload 26 tools' }).click();
  await expect(page.getByTestId('upload-done')).toHaveText('Uploaded github: 26 tools, catalog version 1.');
  await expect(page.getByTestId('catalog-summary')).toHaveText('2 servers · 27 tools');
  await expect(page.getByRole('cell', { name: 'github/create_issue', exact: true })).toBeVisible();

  // Back on the checklist: the catalog is there; make the token inline.
  await page.getByRole('link', { name: 'Back to the getting-started steps' }).click();
  await expect(steps.getByTestId('first-run-catalog')).toHaveText('The catalog has k8s (1 tool), github (26 tools).');
  await expect(steps.getByRole('form', { name: 'Create a token' })).toContainText(
    'The proxy shows favindex this token whenever it sends its calls, reads which tools to list and uploads its servers’ tools (events:write, surface:read, catalog:write).',
  );
  await steps.getByRole('button', { name: 'Create token' }).click();
  await expect(steps.getByTestId('proxy-token-made')).toBeVisible();

  // The command holds the project, the new token and a sample call of a catalog tool.
  const command = (await page.getByTestId('first-event-command').textContent()) ?? '';
  expect(command).toMatch(/authorization: Bearer fvx_[\w-]{43}/);
  expect(command).toContain(`/api/projects/${id}/events`);
  await expect(page.getByTestId('first-event-status')).toContainText('Waiting for the first event…');

  // Run it, as a shell would, while the page stays open: the event shows up without a reload.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const { url, headers, body } = parseCurl(command);
  const sent = await fetch(url, { method: 'POST', headers, body });
  expect(sent.status).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  const status = page.getByTestId('first-event-status');
  await expect(status).toContainText('First event received:');
  await expect(status).toContainText(JSON.parse(body).tool);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The usage under it has caught up too.
  await expect(page.getByTestId('usage-empty')).toHaveCount(0);
  await expect(page.getByTestId('stat-calls')).toHaveText('1');

  // The project was made in the dashboard, and its history says so.
  await status.getByRole('link', { name: 'Pin favourites' }).click();
  await expect(page.getByTestId('history').locator('li').last()).toContainText('via dashboard');
});

test('an empty project shows its first steps instead of a preview of nothing', async ({ page, request }) => {
  const id = uniqueId('empty');
  expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
  await page.goto(`/projects/${id}/preview`);
  await expect(page.getByRole('note')).toContainText('This project has no catalog yet');
  await expect(page.getByTestId('first-run')).toBeVisible();
  await expect(page.getByTestId('mode-card-eager')).toHaveCount(0);

  // The home tab's steps ask for the catalog; the header does not ask again there, but does on the other tabs.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByTestId('first-run')).toBeVisible();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Favourites' }).click();
  await expect(page.getByTestId('project-warning')).toContainText('The catalog is empty');
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByTestId('first-run')).toBeVisible();
  await expect(page.getByTestId('project-warning')).toHaveCount(0);

  // The Events tab's empty view gives the same command, with the token left to the shell.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Events' }).click();
  const command = page.getByRole('main').getByTestId('first-event-command');
  await expect(command).toContainText(`/api/projects/${id}/events`);
  await expect(command).toContainText('"authorization: Bearer $FAVINDEX_TOKEN"');
});
