/**
 * A real MCP server over Streamable HTTP on loopback, for tests: the SDK's McpServer behind
 * its StreamableHTTPServerTransport, one session per client, with a tool list the test can
 * change (announced with notifications/tools/list_changed, or silently), paging, and a
 * required header to exercise authentication.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { stopChild } from './child-process';

export interface TestTool {
  name: string;
  description?: string;
  /** String parameters of the tool's input schema. */
  params?: string[];
}

export interface TestMcpServerOptions {
  tools: TestTool[];
  /** tools/list pages of this size (nextCursor); all in one page when unset. */
  pageSize?: number;
  /** Headers every request must carry (lower-case names), else 401. */
  requireHeaders?: Record<string, string>;
  port?: number;
}

export interface TestMcpServer {
  readonly url: string;
  readonly port: number;
  /** Replace the tool list; announce it to connected clients unless `notify` is false. */
  setTools(tools: TestTool[], options?: { notify?: boolean }): void;
  tools(): TestTool[];
  /** Sessions open now, and GET streams open now (the clients listening for notifications). */
  openSessions(): number;
  openStreams(): number;
  /** How many tools/list requests were answered. */
  listRequests(): number;
  /** Every tools/call it answered, in order: the tool and the arguments it got. */
  calls(): { name: string; arguments: Record<string, unknown> }[];
  stop(): Promise<void>;
  /** Stop and listen again on the same port: every old session is gone, as after a real restart. */
  restart(): Promise<void>;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  mcp: McpServer;
}

export async function startTestMcpServer(options: TestMcpServerOptions): Promise<TestMcpServer> {
  let tools = [...options.tools];
  let listRequests = 0;
  const calls: { name: string; arguments: Record<string, unknown> }[] = [];
  let streams = 0;
  const sessions = new Map<string, Session>();

  const listPage = (cursor: string | undefined) => {
    listRequests++;
    const start = cursor ? Number(cursor) : 0;
    const size = options.pageSize ?? Math.max(tools.length, 1);
    const page = tools.slice(start, start + size);
    const next = start + size < tools.length ? String(start + size) : undefined;
    return {
      tools: page.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: {
          type: 'object' as const,
          properties: Object.fromEntries((t.params ?? []).map((p) => [p, { type: 'string' }])),
          required: t.params ?? [],
        },
      })),
      ...(next ? { nextCursor: next } : {}),
    };
  };

  const newSession = (): Session => {
    const mcp = new McpServer({ name: 'favindex-test-server', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    const registered = new Set<string>();
    for (const tool of tools) {
      // A list may hold a name twice (to test how favindex refuses it); the SDK registers it once.
      if (registered.has(tool.name)) continue;
      registered.add(tool.name);
      const shape = Object.fromEntries((tool.params ?? []).map((p) => [p, z.string()]));
      mcp.registerTool(tool.name, { description: tool.description, inputSchema: z.object(shape) }, async (args) => {
        calls.push({ name: tool.name, arguments: args });
        return { content: [{ type: 'text', text: `${tool.name} ${JSON.stringify(args)}` }] };
      });
    }
    // The list is the test's, not the registrations': it may change silently and come in pages.
    mcp.server.setRequestHandler('tools/list', async (req) => listPage(req.params?.cursor));
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const session = { transport, mcp };
    return session;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    for (const [name, value] of Object.entries(options.requireHeaders ?? {})) {
      if (req.headers[name] !== value) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        res.end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
    }
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      if (req.method === 'GET') {
        streams++;
        res.once('close', () => streams--);
      }
      await session.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No session' }, id: null }));
      return;
    }
    const session = newSession();
    await session.mcp.connect(session.transport);
    await session.transport.handleRequest(req, res);
  };

  let server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);

  const stop = async () => {
    for (const session of [...sessions.values()]) await session.transport.close().catch(() => {});
    sessions.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    setTools(next, { notify = true } = {}) {
      tools = [...next];
      if (!notify) return;
      for (const session of sessions.values()) void session.mcp.server.sendToolListChanged().catch(() => {});
    },
    tools: () => [...tools],
    openSessions: () => sessions.size,
    openStreams: () => streams,
    listRequests: () => listRequests,
    calls: () => [...calls],
    stop,
    async restart() {
      await stop();
      server = http.createServer((req, res) => {
        handle(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
      });
      await listen(port);
    },
  };
}

/**
 * @modelcontextprotocol/server-everything from npm, serving Streamable HTTP at /mcp from its
 * own package (`mcp-server-everything streamableHttp`), on a free loopback port.
 */
export async function startEverythingServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const { createRequire } = await import('node:module');
  const path = await import('node:path');
  const port = await freePort();
  const pkg = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
  const child = spawn(process.execPath, [path.join(path.dirname(pkg), 'dist', 'index.js'), 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`server-everything did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port/i.test(output)) {
        clearTimeout(timeout);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    // SIGINT is the shutdown it handles; a kill after a grace period if it hangs.
    stop: () => stopChild(child, 'SIGINT', 5_000),
  };
}

/**
 * test/proxy/modern-server.mjs over Streamable HTTP: an MCP server that speaks 2026-07-28 only
 * (stateless; `grow` adds a tool and announces it on subscriptions/listen streams).
 */
export async function startModernMcpServer(port = 0): Promise<{ url: string; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const path = await import('node:path');
  const script = path.join(import.meta.dirname, 'proxy', 'modern-server.mjs');
  const child = spawn(process.execPath, [script, 'http', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listening = await new Promise<number>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`the 2026-07-28 test server did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timeout);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the 2026-07-28 test server exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${listening}/mcp`, stop: () => stopChild(child, 'SIGTERM', 5_000) };
}

export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
