import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type RunningProxy, startProxy } from '@/proxy/proxy';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-server';
import { NOTES_TOOLS, TRACKER_TOOLS } from '@/test/routers-tracker';

/**
 * favindex proxy in this process over Streamable HTTP, in front of the two real MCP servers of
 * test/routers-tracker.ts (`tracker`, 40 tools; `notes`, 3), for a project on `origin`: what
 * the in-process routers tests run against. `connect` opens a real SDK Client with the
 * proxy's secret, as a client's config sends it.
 */
export interface TrackerProxy {
  proxy: RunningProxy;
  tracker: TestMcpServer;
  notes: TestMcpServer;
  connect(name: string, capabilities?: Record<string, unknown>): Promise<Client>;
  stop(): Promise<void>;
}

export async function startTrackerProxy(origin: string, project: string, token: string): Promise<TrackerProxy> {
  const tracker = await startTestMcpServer({ tools: TRACKER_TOOLS });
  const notes = await startTestMcpServer({ tools: NOTES_TOOLS });
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-tracker-proxy-'));
  const proxy = await startProxy({
    url: origin,
    project,
    token,
    upstreams: [
      { name: 'tracker', endpoint: { transport: 'http', url: tracker.url, headers: {} } },
      { name: 'notes', endpoint: { transport: 'http', url: notes.url, headers: {} } },
    ],
    stateDir,
    listen: { host: '127.0.0.1', port: 0 },
    pollMs: 200,
    spoolMaxBytes: 16 * 1024 * 1024,
    requestTimeoutMs: 10_000,
    callTimeoutMs: 10_000,
    startWaitMs: 10_000,
    log: () => {},
  });
  const secret = fs.readFileSync(path.join(stateDir, 'http-secret'), 'utf8').trim();
  const clients: Client[] = [];
  return {
    proxy,
    tracker,
    notes,
    async connect(name, capabilities = {}) {
      const client = new Client({ name, version: '1.0.0' }, { capabilities });
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url!), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) await client.close();
      await proxy.stop();
      await Promise.all([tracker.stop(), notes.stop()]);
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Read until `done` holds, every 100 ms, or fail after `ms` with what was read last. */
export async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
