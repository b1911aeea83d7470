import { expect, test } from '@playwright/test';
import { startTestMcpServer, type TestTool } from '../test/mcp-server';
import { uniqueId } from './helpers';

const SECRET = 'Bearer e2e-secret-7d1c';
const TOOLS: TestTool[] = [
  { name: 'list_pods', description: 'List the pods of a namespace', params: ['namespace'] },
  { name: 'get_logs', description: 'Fetch the logs of a pod', params: ['pod'] },
  { name: 'describe_node', description: 'Describe a node', params: ['node'] },
];

test('sync a live MCP server from the catalog page: register, hear list_changed, see errors', async ({ page, request }) => {
  const mcp = await startTestMcpServer({ tools: TOOLS, requireHeaders: { authorization: SECRET } });
  try {
    const id = uniqueId('sync');
    expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
    await page.goto(`/projects/${id}/catalog`);
    const form = page.getByRole('form', { name: 'Sync a server from its URL' });
    await expect(page.getByText('No catalog yet')).toBeVisible();

    // A wrong credential: the server refuses, the page says so (as it says of any target that is no MCP session), nothing is added.
    await page.getByLabel('Server name').fill('k8s');
    await page.getByLabel('MCP endpoint URL').fill(mcp.url);
    await page.getByLabel(/^Headers/).fill('Authorization: Bearer wrong');
    await page.getByRole('button', { name: 'Connect and sync' }).click();
    await expect(form.getByRole('alert')).toContainText('could not open an MCP session at this URL');
    await expect(page.getByText('No catalog yet')).toBeVisible();

    await page.getByLabel(/^Headers/).fill(`Authorization: ${SECRET}`);
    await page.getByRole('button', { name: 'Connect and sync' }).click();
    await expect(form.getByRole('status')).toContainText('Connected to k8s and read its tools: catalog version 1.');
    await expect(page.getByTestId('catalog-summary')).toHaveText('1 server · 3 tools');
    const status = page.getByTestId('sync-status-k8s');
    await expect(status).toContainText('Authorization: Bearer ••••••');
    await expect(status).toContainText(mcp.url);
    await expect(status).toContainText('Every hour');
    expect(await page.content()).not.toContain('e2e-secret');

    // The app keeps a session open; when the server announces a new tool list, it syncs by itself.
    await expect.poll(() => mcp.openStreams(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => mcp.listRequests(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    mcp.setTools([...TOOLS.filter((t) => t.name !== 'describe_node'), { name: 'scale_deployment', description: 'Scale a deployment', params: ['name'] }]);
    await expect(page.getByRole('cell', { name: 'k8s/scale_deployment', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('cell', { name: 'k8s/describe_node', exact: true })).toHaveCount(0);
    await page.getByText('Versions', { exact: true }).click();
    const latest = page.getByTestId('versions-k8s').getByRole('row', { name: /v2/ });
    await expect(latest).toContainText('sync (list_changed)');
    await expect(latest).toContainText('scale_deployment');
    await expect(latest).toContainText('describe_node');

    // The server goes away: a manual sync fails, the page says why and keeps the catalog.
    await mcp.stop();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('sync-error-k8s')).toContainText('could not open an MCP session at this URL');
    await expect(page.getByText('sync failing')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'k8s/scale_deployment', exact: true })).toBeVisible();

    await mcp.restart();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('sync-error-k8s')).toHaveCount(0);
    await expect(page.getByText('sync failing')).toHaveCount(0);
  } finally {
    await mcp.stop();
  }
});
