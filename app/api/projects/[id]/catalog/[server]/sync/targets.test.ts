import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type ApiResponse, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { freePort, startTestMcpServer, type TestMcpServer } from '@/test/mcp-server';
import { allowLoopbackSync, withPrivateSyncRefused } from '@/test/sync-targets';

/** §catalog: what a live sync may connect to, and how little its errors say about what it could not. */
setupTestDatabase();
allowLoopbackSync();

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function mcpServer(): Promise<TestMcpServer> {
  const server = await startTestMcpServer({ tools: [{ name: 'ping' }] });
  closers.push(() => server.stop());
  return server;
}

/** A port that is open but speaks no MCP: plain HTTP answering 404, or TCP answering nonsense. */
async function openNonMcpPorts(): Promise<{ httpPort: number; tcpPort: number }> {
  const web = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>'));
  const sockets = new Set<net.Socket>();
  const raw = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.end('SSH-2.0-OpenSSH_9.6\r\n');
  });
  await Promise.all([new Promise<void>((r) => web.listen(0, '127.0.0.1', r)), new Promise<void>((r) => raw.listen(0, '127.0.0.1', r))]);
  closers.push(
    () => new Promise((r) => web.close(() => r()).closeAllConnections()),
    () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((r) => raw.close(() => r()));
    },
  );
  return { httpPort: (web.address() as AddressInfo).port, tcpPort: (raw.address() as AddressInfo).port };
}

function register(id: string, url: string, server = 'live'): Promise<ApiResponse> {
  return api.put(`/api/projects/${id}/catalog/${server}/sync`, { json: { url } });
}

describe('live sync targets', () => {
  it('gives a closed port, an open non-MCP port and a refusing one the very same error', async () => {
    const id = await createTestProject();
    const { httpPort, tcpPort } = await openNonMcpPorts();
    const answers = [
      await register(id, `http://127.0.0.1:${await freePort()}/mcp`),
      await register(id, `http://127.0.0.1:${httpPort}/mcp`),
      await register(id, `http://127.0.0.1:${tcpPort}/mcp`),
    ];
    for (const res of answers) expectEnvelope(res, 502, 'UPSTREAM_UNAVAILABLE');
    const [first, ...rest] = answers.map((res) => res.body);
    for (const body of rest) expect(body).toEqual(first);
    expect(first.message).not.toMatch(/\d{2,}/);
    expect((await api.get(`/api/projects/${id}/catalog`)).body.servers).toEqual([]);
  });

  it('refuses loopback, unspecified, link-local and private targets in every spelling, with that same error, without connecting', async () => {
    const mcp = await mcpServer();
    const id = await createTestProject();
    const closed = await register(id, `http://127.0.0.1:${await freePort()}/mcp`);
    const port = mcp.port;
    const targets = [
      `http://127.0.0.1:${port}/mcp`,
      `http://127.42.0.7:${port}/mcp`,
      `http://0.0.0.0:${port}/mcp`,
      `http://2130706433:${port}/mcp`,
      `http://0x7f000001:${port}/mcp`,
      `http://0177.0.0.1:${port}/mcp`,
      `http://127.1:${port}/mcp`,
      `http://[::1]:${port}/mcp`,
      `http://[::ffff:127.0.0.1]:${port}/mcp`,
      `http://[::]:${port}/mcp`,
      `http://localhost:${port}/mcp`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://10.0.0.1:${port}/mcp`,
      `http://172.16.5.4/mcp`,
      `http://192.168.1.1/mcp`,
      `http://[fd00::1]/mcp`,
      `http://[fe80::1]/mcp`,
      `http://224.0.0.1/mcp`,
    ];
    await withPrivateSyncRefused(async () => {
      for (const url of targets) {
        const res = await register(id, url);
        expectEnvelope(res, 502, 'UPSTREAM_UNAVAILABLE');
        expect(res.body, url).toEqual(closed.body);
      }
    });
    expect(mcp.listRequests()).toBe(0);
    expect(mcp.openSessions()).toBe(0);
    expect((await api.get(`/api/projects/${id}/catalog`)).body.servers).toEqual([]);
  });

  it('with FAVINDEX_SYNC_ALLOW_PRIVATE=1 syncs from a loopback MCP server; without it, that server is refused on the next sync', async () => {
    const mcp = await mcpServer();
    const id = await createTestProject();
    const res = await register(id, mcp.url);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ changed: true, version: 1 });
    expect((await api.post(`/api/projects/${id}/catalog/live/sync`)).status).toBe(200);

    const requests = mcp.listRequests();
    await withPrivateSyncRefused(async () => {
      const refused = await api.post(`/api/projects/${id}/catalog/live/sync`);
      expectEnvelope(refused, 502, 'UPSTREAM_UNAVAILABLE');
    });
    expect(mcp.listRequests()).toBe(requests);
    const server = (await api.get(`/api/projects/${id}/catalog/live`)).body;
    expect(server).toMatchObject({ version: 1, tools: [{ name: 'ping' }] });
  });
});
