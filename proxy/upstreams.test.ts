import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_EVENTS, UNSTARTED_UPSTREAM_OPTIONS } from '@/test/unstarted-upstream-options';
import { Upstream, type UpstreamOptions, UpstreamUnavailable } from './upstreams';

/**
 * A tool call to a server that is not up yet (#46): it waits for a start under way, within the
 * call's timeout, and fails at once with why when the start failed. The servers are real stdio
 * processes: test/proxy/crashy-server.mjs, started late by a wrapper as a slow `npx -y` is.
 */
const CRASHY = pathToFileURL(path.resolve(import.meta.dirname, '..', 'test', 'proxy', 'crashy-server.mjs')).href;
/** Long enough that a call is sure to come while the server starts. */
const START_DELAY_MS = 500;

const node = (script: string) => ({ transport: 'stdio' as const, command: process.execPath, args: ['-e', script], env: {} });
const slowServer = node(`setTimeout(() => import(${JSON.stringify(CRASHY)}), ${START_DELAY_MS})`);

const running: Upstream[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((u) => u.stop()));
});

function started(endpoint: ReturnType<typeof node>, options: Partial<UpstreamOptions> = {}): Upstream {
  const upstream = new Upstream('crashy', endpoint, { ...UNSTARTED_UPSTREAM_OPTIONS, timeoutMs: 10_000, callTimeoutMs: 10_000, ...options });
  running.push(upstream);
  upstream.start(NO_EVENTS);
  return upstream;
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe('Upstream: a call while the server is not up', () => {
  it('waits for the first start, and for the restart after the session went away', async () => {
    const upstream = started(slowServer);
    expect(upstream.state).toBe('starting');
    expect(upstream.status()).toBe('starting');
    const first = text(await upstream.call({ name: 'ok', arguments: {} }));
    expect(first).toMatch(/^pid \d+$/);
    expect(upstream.status()).toBeNull();
    // The process exits during the call: the call fails, and the proxy starts the server again.
    await expect(upstream.call({ name: 'crash', arguments: {} })).rejects.toThrow();
    const again = text(await upstream.call({ name: 'ok', arguments: {} }));
    expect(again).toMatch(/^pid \d+$/);
    expect(again).not.toBe(first);
    // Two starts of a node process: seconds each on a busy machine.
  }, 30_000);

  it('fails at once, with why, once the start failed', async () => {
    const upstream = started(node('process.stderr.write("no config\\n"); process.exit(1)'));
    await new Promise<void>((resolve) => upstream.stateListeners.add((state) => state === 'down' && resolve()));
    const calledAt = Date.now();
    const call = upstream.call({ name: 'ok', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(UpstreamUnavailable);
    await expect(call).rejects.toThrow(/no config.*restarting it/);
    expect(Date.now() - calledAt).toBeLessThan(1_000);
    expect(upstream.status()).toMatch(/^failed: .*no config/);
  });

  it("waits no longer than the call's timeout for a server that never answers initialize", async () => {
    const upstream = started(node(`process.argv[2] = 'silent'; import(${JSON.stringify(CRASHY)})`), { callTimeoutMs: 300 });
    await expect(upstream.call({ name: 'ok', arguments: {} })).rejects.toThrow(
      "MCP server 'crashy' is still starting after the call's timeout (0 s, --call-timeout)",
    );
  });

  it('stops waiting when the call is cancelled', async () => {
    const upstream = started(slowServer);
    const cancel = new AbortController();
    const call = upstream.call({ name: 'ok', arguments: {} }, cancel.signal);
    cancel.abort(new Error('cancelled by the client'));
    await expect(call).rejects.toThrow('cancelled by the client');
  });
});
