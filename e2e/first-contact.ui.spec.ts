import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { expect, test } from '@playwright/test';
import { createProjectInUi, uniqueId } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '..');
const MEMORY_SERVER = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

interface StdioEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** A real MCP client, as Claude Code is one, that keeps the latest tools/list and wakes on list_changed. */
class WatchingClient {
  readonly client = new Client({ name: 'claude-code', version: '2.1.0' }, { capabilities: {} });
  private wake: (() => void)[] = [];
  private stderr = '';
  listChanged = 0;

  constructor(private readonly transport: StdioClientTransport) {
    transport.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    this.client.setNotificationHandler('notifications/tools/list_changed', async () => {
      this.listChanged++;
      for (const w of this.wake.splice(0)) w();
    });
  }

  async connect() {
    await this.client.connect(this.transport);
  }

  /**
   * The tools as the client holds them once `wanted` is among them: listed now, then again at
   * each list_changed, as a client that follows the notifications does. Fails (with the proxy's
   * stderr) when no list has it within `timeoutMs`.
   */
  async listUntil(wanted: (tools: Tool[]) => boolean, timeoutMs: number): Promise<Tool[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const changed = new Promise<void>((resolve) => this.wake.push(resolve));
      const { tools } = await this.client.listTools();
      if (wanted(tools)) return tools;
      const left = until - Date.now();
      if (left <= 0)
        throw new Error(`no tools/list had what was wanted; last: ${tools.map((t) => t.name).join(', ')}\nproxy stderr:\n${this.stderr.slice(-3000)}`);
      await Promise.race([changed, new Promise((resolve) => setTimeout(resolve, left))]);
    }
  }

  async close() {
    await this.client.close();
  }
}

const NDJSON = { 'content-type': 'application/x-ndjson' };

for (const width of [1440, 390]) {
  test(`at ${width} px: a new project's first-run page connects a real client through the proxy, and a pin made on the page reaches it`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const id = uniqueId('contact');
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-first-contact-'));
    await createProjectInUi(page, id);

    // Step 1 is the proxy; the token is made on the page and lands in the config.
    const steps = page.getByTestId('first-run');
    await expect(steps.getByRole('heading', { name: 'Connect a proxy' })).toBeVisible();
    await expect(page.getByTestId('first-event-status')).toContainText('Waiting for the first event…');
    await steps.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByTestId('proxy-token-made')).toContainText('events:write, surface:read, catalog:write');
    await expect(page.getByLabel('Client')).toHaveValue('Claude Code');
    const snippet = JSON.parse((await page.getByTestId('proxy-snippet').textContent()) ?? '') as { mcpServers: Record<string, StdioEntry> };
    const entry = snippet.mcpServers.favindex;
    if (!entry) throw new Error('the Claude Code config has no favindex entry');
    expect(entry.env?.FAVINDEX_TOKEN).toMatch(/^fvx_[\w-]{43}$/);
    const origin = new URL(page.url()).origin;
    expect(entry.args).toEqual([
      path.join(ROOT, 'bin', 'favindex.mjs'),
      'proxy',
      '--url',
      origin,
      '--project',
      id,
      '--config',
      expect.stringMatching(/\/\.favindex\/servers\.json$/),
    ]);
    // Nothing off the page fits on a phone by being cut: the config wraps inside its box.
    const box = await page.getByTestId('proxy-snippet').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);

    // The servers file the page shows, with its npm server run from node_modules (offline) and its
    // folder under this test's home rather than the real one.
    const servers = JSON.parse((await page.getByTestId('servers-file').textContent()) ?? '') as { mcpServers: Record<string, StdioEntry> };
    expect(servers.mcpServers.memory).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] });
    const serversFile = path.join(home, 'servers.json');
    fs.writeFileSync(
      serversFile,
      JSON.stringify({
        mcpServers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: path.join(home, 'memory.jsonl') } } },
      }),
    );
    const args = entry.args.map((arg, i) => (entry.args[i - 1] === '--config' ? serversFile : arg));

    // Exactly that command, started as Claude Code starts it, from another folder.
    const client = new WatchingClient(
      new StdioClientTransport({ command: entry.command, args, env: { ...entry.env, HOME: home, PATH: process.env.PATH ?? '' }, cwd: home, stderr: 'pipe' }),
    );
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    try {
      await client.connect();
      // Today's proxy may answer the first tools/list before its servers have listed; it then says list_changed.
      const tools = await client.listUntil((list) => list.some((t) => t.name.endsWith('read_graph')), 30_000);
      const readGraph = tools.find((t) => t.name.endsWith('read_graph'));
      if (!readGraph) throw new Error('no read_graph tool');
      // Step 1 is done when the proxy has uploaded its servers' tools: the page says so by itself.
      // (Today's proxy uploads at its first surface poll, up to 10 s after it lists.)
      await expect(steps.getByTestId('first-run-catalog')).toContainText('memory (', { timeout: 30_000 });
      await expect(steps.getByRole('heading', { name: 'Connect a proxy' })).toContainText('(done)');
      const called = await client.client.callTool({ name: readGraph.name, arguments: {} });
      expect(called.isError ?? false).toBe(false);

      // The call shows on the page, without a reload, in green once it resolves to the catalog's memory/read_graph.
      const status = page.getByTestId('first-event-status');
      await expect(status).toContainText('First event received:', { timeout: 30_000 });
      await expect(status).toContainText('memory/read_graph');
      await expect(status.locator('[data-tone="ok"]')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      // A name favindex does not know, called after: news for Events, and the set-up still works (issue 46).
      const unknown = { id: `unknown-${width}`, timestamp: new Date().toISOString(), tool: 'no_such_tool', sessionId: 'later', status: 'error' };
      const sent = await page.request.post(`/api/projects/${id}/events`, { headers: NDJSON, data: `${JSON.stringify(unknown)}\n` });
      expect(sent.status()).toBe(200);
      await expect(status.getByTestId('latest-event')).toContainText('Latest event: no_such_tool');
      await expect(status.getByTestId('latest-event')).toContainText('The set-up still works');
      await expect(status.getByTestId('first-event')).toContainText('memory/read_graph');
      await expect(status.getByTestId('setup-works')).toContainText('Set-up works: a call resolved to memory/read_graph');
      await expect(status.locator('[data-tone="ok"]')).toBeVisible();

      // Pin it where the page leads, and the client hears of it and gets it as a favourite.
      const heard = client.listChanged;
      await status.getByRole('link', { name: 'Pin favourites' }).click();
      await page.getByTestId('suggestions').getByRole('button', { name: 'Pin memory/read_graph' }).click();
      await expect(page.getByTestId('pinned-item').getByTestId('pinned-name')).toHaveText(['memory/read_graph']);
      const after = await client.listUntil((list) => list.some((t) => t.name === 'fav_read_graph'), 30_000);
      expect(client.listChanged).toBeGreaterThan(heard);
      expect(after.map((t) => t.name)).toContain('fav_read_graph');
    } finally {
      await client.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
}
