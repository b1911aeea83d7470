import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROXY_LOGGER, SERVERS_META_KEY } from '@/proxy/start-wait';
import { freePort } from '@/test/mcp-server';
import {
  eventually,
  favindexForFile,
  listEntries,
  type ListEntry,
  newProxy,
  previewEntries,
  projectWithToken,
  proxyArgs,
  proxyFolder,
  ROOT,
  spooledEvents,
  stdioClient,
  type TestClient,
  writeServersFile,
} from './harness';

/**
 * First contact (issue 19): a new user's proxy on a fresh state folder, the real SDK Client over
 * stdio, the three npm servers behind it. The first tools/list is the whole list, the catalog is
 * in favindex by then, every routed call's trace names its canonical tool, and what goes wrong
 * (a token without catalog:write, a favindex that is not there) is said once.
 */
const favindex = favindexForFile('favindex-first-contact-');
const { api, clients } = favindex;

async function connect(args: string[]): Promise<TestClient> {
  const client = await stdioClient(args);
  clients.push(client);
  return client;
}

const catalogServers = async (id: string): Promise<string[]> =>
  ((await api('GET', `/api/projects/${id}/catalog`)).body.servers as { name: string }[]).map((s) => s.name).sort();

const serversFile = (dir: string, servers: Record<string, unknown>): string => {
  const file = path.join(dir, 'servers.json');
  fs.writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
};

/** A server that exits at once, and one that never answers initialize. */
const FAILING = { command: process.execPath, args: ['-e', 'process.stderr.write("no config\\n"); process.exit(1)'] };
const SILENT = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };

const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the proxy says itself to a client session (MCP logging), as `level text`. */
function loggedBy(proxy: TestClient): string[] {
  const logged: string[] = [];
  proxy.client.setNotificationHandler('notifications/message', async (n) => {
    if (n.params.logger === PROXY_LOGGER) logged.push(`${n.params.level} ${String(n.params.data)}`);
  });
  return logged;
}

describe('first contact with a fresh state folder', () => {
  const id = 'first';
  let firstList: ListEntry[];
  let folder: ReturnType<typeof newProxy>;

  it('answers the first tools/list with every tool of the three servers, after favindex took their catalogs', async () => {
    const token = await projectWithToken(api, id);
    // A bound the servers meet on a busy machine too (the default is 5 s): what is checked is what the list waits for.
    folder = newProxy(favindex, { name: 'first', project: id, token, extra: ['--start-wait', '60'] });
    const startedAt = Date.now();
    let catalogAt: number | null = null;
    const watching = (async () => {
      while (catalogAt === null && Date.now() - startedAt < 60_000) {
        if ((await catalogServers(id)).length === 3) catalogAt = Date.now();
        else await pause(20);
      }
    })();
    const proxy = await connect(folder.args);
    const listed = (await proxy.client.listTools()).tools;
    // The catalog was in favindex before the list was answered: the list is favindex's own.
    expect(await catalogServers(id)).toEqual(['everything', 'filesystem', 'memory']);
    firstList = listEntries(listed);
    expect(firstList).toEqual(await previewEntries(api, id, 'favindex'));
    for (const name of ['all_everything_echo', 'all_filesystem_read_text_file', 'all_memory_read_graph']) expect(listed.map((t) => t.name)).toContain(name);
    await watching;
    if (process.env.FAVINDEX_TIMING)
      process.stderr.write(
        `first contact: catalog of 3 servers in GET /catalog ${catalogAt === null ? 'never' : catalogAt - startedAt} ms after the proxy was started\n`,
      );

    // A call routed to a tool is traced under its canonical name (the presented one is kept as `tool`).
    expect(text(await proxy.client.callTool({ name: 'all_everything_echo', arguments: { message: 'first' } }))).toContain('first');
    const events = await eventually(async () => {
      const list = (await api('GET', `/api/projects/${id}/events?limit=10`)).body.events as { tool: string; canonical: string | null }[];
      expect(list).toHaveLength(1);
      return list;
    });
    expect(events[0]).toMatchObject({ tool: 'all_everything_echo', canonical: 'everything/echo' });
    // Nothing changed since the client listed: it heard no list_changed.
    expect(listEntries((await proxy.client.listTools()).tools)).toEqual(firstList);
    expect(proxy.listChanged).toBe(0);
    expect(proxy.stderr()).not.toMatch(/lacks the scope|cannot reach/);
    await proxy.close();
  });

  it('starts again from what it kept, at once, with favindex gone: says so once, and spools traces with their canonical name', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    const token = 'fav_not_checked_while_favindex_is_gone';
    // Far beyond the test's timeout: the list must not wait for favindex or the servers at all.
    const args = proxyArgs({ url: gone, project: id, token, config: writeServersFile(folder.dir), stateDir: folder.stateDir, extra: ['--start-wait', '600'] });
    const proxy = await connect(args);
    expect(listEntries((await proxy.client.listTools()).tools)).toEqual(firstList);
    const result = await eventually(async () => {
      const called = await proxy.client.callTool({ name: 'all_memory_read_graph', arguments: {} });
      expect(called.isError, text(called)).toBeFalsy();
      return called;
    });
    expect(text(result)).toContain('entities');
    const spooled = await eventually(async () => {
      const found = spooledEvents(folder.stateDir).filter((e) => e.tool === 'all_memory_read_graph' && e.status === 'ok');
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(spooled).toMatchObject({ tool: 'all_memory_read_graph', server: 'memory', canonical: 'memory/read_graph' });
    // Polls every 0.2 s, uploads and trace batches all failed meanwhile: one line says it.
    await pause(2_000);
    const said = proxy
      .stderr()
      .split('\n')
      .filter((l) => l.includes(`cannot reach favindex at ${gone}`));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/serving the last surface it read, traces kept on disk until favindex answers.*--url.*FAVINDEX_URL/);
    await proxy.close();
  });
});

describe('a token without catalog:write (as tokens made without naming scopes had before proxies needed it)', () => {
  it('says once which scope is missing, what it breaks and how to make the right token, and still lists every tool', async () => {
    const id = 'no-catalog-scope';
    const token = await projectWithToken(api, id, ['events:write', 'surface:read']);
    const proxy = await connect(newProxy(favindex, { name: 'no-catalog-scope', project: id, token, extra: ['--start-wait', '60'] }).args);
    const names = (await proxy.client.listTools()).tools.map((t) => t.name);
    for (const name of ['all_everything_echo', 'all_filesystem_read_text_file', 'all_memory_read_graph']) expect(names).toContain(name);
    // Ten polls of 0.2 s, each retrying the uploads.
    await pause(2_000);
    const said = proxy
      .stderr()
      .split('\n')
      .filter((l) => l.includes('catalog:write'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/the token lacks the scope catalog:write: .*catalog.*; make a token with events:write, surface:read, catalog:write/);
    expect(await catalogServers(id)).toEqual([]);
    await proxy.close();
  });
});

describe('servers that do not start', () => {
  it('does not hold the first list for a server that failed to start', async () => {
    const id = 'failing-server';
    const token = await projectWithToken(api, id);
    // With a bound far beyond the test's timeout, only knowing the failure lets the list through.
    const { args } = newProxy(favindex, { name: 'failing', project: id, token, servers: { broken: FAILING }, extra: ['--start-wait', '600'] });
    const proxy = await connect(args);
    const logged = loggedBy(proxy);
    const listed = await proxy.client.listTools();
    expect(listEntries(listed.tools)).toEqual(await previewEntries(api, id, 'favindex'));
    expect(await catalogServers(id)).toEqual(['everything', 'filesystem', 'memory']);
    expect(proxy.stderr()).toMatch(/broken: .*restarting in/);
    // Said plainly in the list's place: in its _meta, and once to the client.
    expect(listed._meta?.[SERVERS_META_KEY]).toEqual({ broken: expect.stringMatching(/^failed: .*no config/) });
    await proxy.client.listTools();
    await eventually(async () =>
      expect(logged.filter((l) => l.startsWith('warning'))).toEqual([
        expect.stringMatching(/^warning MCP server 'broken' failed: .*no config.*missing from the lists/),
      ]),
    );
    await proxy.close();
  });

  it('answers at the bound with what it has, and tells the client and stderr which server is still starting', async () => {
    const id = 'silent-server';
    const token = await projectWithToken(api, id);
    const { dir, stateDir } = proxyFolder(favindex.work, 'silent');
    const memory = {
      command: process.execPath,
      args: [path.join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
      env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
    };
    const args = proxyArgs({
      url: favindex.url,
      project: id,
      token,
      config: serversFile(dir, { memory, silent: SILENT }),
      stateDir,
      extra: ['--start-wait', '1'],
    });
    const proxy = await connect(args);
    const logged = loggedBy(proxy);
    // memory has listed (its catalog is uploaded) and silent never will: the list comes at the bound or at once past it.
    await eventually(async () => expect(await catalogServers(id)).toEqual(['memory']));
    const listed = await proxy.client.listTools();
    const names = listed.tools.map((t) => t.name);
    expect(names).toContain('all_memory_read_graph');
    expect(names.some((n) => n.includes('silent'))).toBe(false);
    expect(listed._meta?.[SERVERS_META_KEY]).toEqual({ silent: 'starting' });
    await eventually(async () =>
      expect(logged.filter((l) => l.startsWith('warning'))).toEqual([expect.stringMatching(/^warning .*still starting: [^;]*silent.*list_changed/)]),
    );
    await eventually(async () => expect(proxy.stderr()).toMatch(/still starting: [^;]*silent.*--start-wait 1 s/));
    await proxy.close();
  });
});
