import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { UpstreamConfig } from './config';
import { FavindexApi } from './favindex-api';
import { listenHttp } from './http-listener';
import { PROXY_VERSION, sessionServer } from './mcp-server';
import { ProxyReporter } from './reporter';
import { ProxyState } from './runtime';
import { TraceSender } from './sender';
import { Spool } from './spool';
import { SurfaceClient } from './surface-client';
import { startUpstreams } from './upstreams';

export interface ProxyOptions {
  url: string;
  project: string;
  token: string | null;
  upstreams: UpstreamConfig[];
  stateDir: string;
  /** Streamable HTTP on this address instead of stdio. */
  listen: { host: string; port: number } | null;
  pollMs: number;
  spoolMaxBytes: number;
  requestTimeoutMs: number;
  callTimeoutMs: number;
  log(message: string): void;
}

export interface RunningProxy {
  /** The Streamable HTTP endpoint, when listening. */
  url: string | null;
  /** Settles when the stdio client went away (never, over HTTP, until stop). */
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * favindex proxy: one MCP server in front of the upstreams of an mcpServers file, presenting
 * the project's surface, uploading each upstream's tools as its catalog, and tracing every call.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { log } = options;
  const api = new FavindexApi(options.url, options.project, options.token, options.requestTimeoutMs);
  const spool = new Spool({
    dir: path.join(options.stateDir, 'spool'),
    maxBytes: options.spoolMaxBytes,
    segmentEvents: 1_000,
    sealAfterMs: 500,
    fsyncMs: 200,
    log: (m) => log(m),
  });
  const sender = new TraceSender(spool, api, log);
  let state: ProxyState | null = null;
  const upstreams = startUpstreams(options.upstreams, {
    timeoutMs: options.requestTimeoutMs,
    callTimeoutMs: options.callTimeoutMs,
    backoff: { initialMs: 500, maxMs: 30_000 },
    heartbeatMs: 30_000,
    log: (m) => log(m),
    onTools: (server, tools) => state?.setTools(server, tools),
    onState: () => {},
  });
  state = new ProxyState(upstreams, api, path.join(options.stateDir, 'tools'), log);
  const surface = new SurfaceClient({
    api,
    cacheFile: path.join(options.stateDir, 'surface.json'),
    pollMs: options.pollMs,
    log,
    onChange: (fetched) => {
      state.setSurface(fetched);
      // Catalog uploads that failed are tried again with each poll that reaches favindex.
    },
  });
  state.surface = surface;
  const cached = surface.loadCached();
  if (cached) state.setSurface(cached);
  surface.start();
  const retryPushes = setInterval(() => {
    if (state.hasPendingPush()) void state.pushCatalogs();
  }, options.pollMs);
  retryPushes.unref();
  sender.kick();

  let stopping: Promise<void> | null = null;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let closeListener: (() => Promise<void>) | null = null;
  let url: string | null = null;

  if (options.listen) {
    const listener = await listenHttp(options.listen.host, options.listen.port, (id) => sessionServer(state, spool, id).server, {
      idleMs: 30 * 60_000,
      log,
    });
    closeListener = listener.close;
    url = listener.url;
    log(`listening on ${url} (Streamable HTTP)`);
  } else {
    const { server } = sessionServer(state, spool);
    const transport = new StdioServerTransport();
    transport.onclose = () => finish();
    process.stdin.once('end', () => finish());
    await server.connect(transport);
    // Closing lets go of stdin, which would otherwise keep the process alive after a signal.
    closeListener = () => server.close();
  }
  const reporter = new ProxyReporter({
    api,
    state,
    spool,
    stateDir: options.stateDir,
    transport: options.listen ? 'http' : 'stdio',
    version: PROXY_VERSION,
    // The proxy's own last error (a refused upload, a missing scope) joins here once ProxyState keeps one.
    lastError: () => sender.lastError,
    log,
  });
  reporter.start();
  log(`project ${options.project} at ${options.url}; ${upstreams.size} MCP server(s): ${[...upstreams.keys()].join(', ') || 'none'}`);

  const stop = () => {
    stopping ??= (async () => {
      surface.stop();
      clearInterval(retryPushes);
      await closeListener?.();
      await Promise.all([...upstreams.values()].map((u) => u.stop()));
      await reporter.stop(2_000);
      spool.close();
      // One last try to send what is left; what is not sent waits on disk for the next start.
      await sender.flush(2_000);
      sender.stop();
      const left = spool.pending();
      if (left > 0) log(`${left} trace(s) kept on disk for the next start (${path.join(options.stateDir, 'spool')})`);
      finish();
    })();
    return stopping;
  };
  return { url, done, stop };
}
