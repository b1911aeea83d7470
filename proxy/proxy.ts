import path from 'node:path';
import { MAX_MESSAGE_BYTES } from '@/lib/limits';
import type { UpstreamConfig } from './config';
import { FavindexApi } from './favindex-api';
import { listenHttp } from './http-listener';
import { type HttpSecret, loadHttpSecret, type SecretSource } from './http-secret';
import { PROXY_VERSION, sessionServer } from './mcp-server';
import { Passthrough } from './passthrough';
import { ProxyProblems } from './problems';
import { ProxyReporter } from './reporter';
import { ProxyState } from './runtime';
import { TraceSender } from './sender';
import { Spool } from './spool';
import { type ProtocolChoice, serveProxyStdio } from './serve-stdio';
import { STATELESS_REVISION, StatelessSessions, statelessHttp, statelessServer } from './stateless-server';
import { BoundedStdioServerTransport } from './stdio-server';
import { SurfaceClient } from './surface-client';
import { createUpstreams } from './upstreams';

export interface ProxyOptions {
  url: string;
  project: string;
  token: string | null;
  upstreams: UpstreamConfig[];
  stateDir: string;
  /** Streamable HTTP on this address instead of stdio; clients send the secret (default: kept in `<stateDir>/http-secret`). */
  listen: { host: string; port: number; secret?: SecretSource } | null;
  pollMs: number;
  spoolMaxBytes: number;
  requestTimeoutMs: number;
  callTimeoutMs: number;
  /**
   * How long, from the start, a list may wait for the servers still starting, and tools/list also
   * for favindex to take their catalogs (--start-wait; DEFAULT_START_WAIT_MS). initialize waits for nothing.
   */
  startWaitMs: number;
  /** One JSON-RPC message on stdio at most, from the client or from a server (--max-message-mb; MAX_MESSAGE_BYTES). */
  maxMessageBytes?: number;
  /**
   * Fail closed (--require-policy): while favindex has sent no tool policy for this token (no
   * surface yet, favindex unreachable with none kept, or a favindex older than policies), list no
   * tools and refuse every call; the tools follow with list_changed when a policy arrives.
   */
  requirePolicy?: boolean;
  /**
   * The MCP revisions served to clients (--protocol): 'auto' serves 2025-11-25 sessions and
   * stateless 2026-07-28 requests, each by its own rules; a pin serves that revision only.
   */
  protocol?: ProtocolChoice;
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
  // First, so a secret that cannot be used stops the start before any server is started.
  const secret = options.listen ? loadHttpSecret(options.listen.secret ?? { file: path.join(options.stateDir, 'http-secret') }) : null;
  const maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const startBy = Date.now() + options.startWaitMs;
  const api = new FavindexApi(options.url, options.project, options.token, options.requestTimeoutMs);
  const spool = new Spool({
    dir: path.join(options.stateDir, 'spool'),
    maxBytes: options.spoolMaxBytes,
    segmentEvents: 1_000,
    sealAfterMs: 500,
    fsyncMs: 200,
    log: (m) => log(m),
  });
  // Made once each, in the order they need each other; a callback names a part made after it,
  // and is first called once everything is made and started.
  const problems = new ProxyProblems(options.url, log, (): boolean => surface.current != null);
  const sender = new TraceSender(spool, api, log, problems);
  const passthrough = new Passthrough({ callTimeoutMs: options.callTimeoutMs, cacheFile: path.join(options.stateDir, 'capabilities.json'), log });
  const upstreams = createUpstreams(options.upstreams, {
    client: passthrough.client,
    timeoutMs: options.requestTimeoutMs,
    callTimeoutMs: options.callTimeoutMs,
    backoff: { initialMs: 500, maxMs: 30_000 },
    heartbeatMs: 30_000,
    maxMessageBytes,
    log: (m) => log(m),
  });
  const surface = new SurfaceClient({
    api,
    cacheFile: path.join(options.stateDir, 'surface.json'),
    pollMs: options.pollMs,
    log,
    problems,
    // Catalog uploads that failed are tried again with each poll that reaches favindex.
    onChange: (fetched) => state.setSurface(fetched),
  });
  const state = new ProxyState({
    upstreams,
    api,
    toolsDir: path.join(options.stateDir, 'tools'),
    log,
    problems,
    surface,
    startBy,
    requirePolicy: options.requirePolicy ?? false,
  });
  passthrough.attach(upstreams, state.presenter, state);
  const cached = surface.loadCached();
  if (cached) state.setSurface(cached);
  if (state.presenter.policy.missing(state.presenter.view)) log("--require-policy: no tool is listed or called until favindex sends this token's tool policy");
  if (state.startWarmIfKept()) log('serving the tools and surface kept from the last run while the MCP servers start');
  for (const upstream of upstreams.values()) {
    upstream.start({
      onTools: (server, tools) => state.setTools(server, tools),
      onState: (server, upstreamState) => state.setUpstreamState(server, upstreamState),
    });
  }
  void surface.firstRead.then(() => state.surfaceSettled());
  surface.start();
  const startTimer = setTimeout(() => {
    const missing = state.startingReasons();
    if (missing.length > 0) {
      log(`${missing.join('; ')} after --start-wait ${options.startWaitMs / 1000} s: the lists answer with what is ready, and list_changed brings the rest`);
    }
  }, options.startWaitMs);
  startTimer.unref();
  const retryPushes = setInterval(() => {
    if (state.uploader.hasPending()) void state.uploader.push();
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

  if (options.listen && secret) {
    const protocol = options.protocol ?? 'auto';
    const stateless = protocol === '2025-11-25' ? null : statelessHttp(state, spool, options.pollMs, passthrough);
    const listener = await listenHttp(options.listen.host, options.listen.port, (id) => sessionServer(state, spool, id, passthrough).server, {
      idleMs: 30 * 60_000,
      secret,
      log,
      ...(stateless ? { stateless: { serve: stateless.serve, maxBytes: maxMessageBytes, only: protocol === STATELESS_REVISION } } : {}),
    });
    closeListener = async () => {
      await stateless?.close();
      await listener.close();
    };
    url = listener.url;
    log(`listening on ${url} (Streamable HTTP)`);
    log(secretNotice(secret, url));
  } else {
    const transport = new BoundedStdioServerTransport(maxMessageBytes, log);
    process.stdin.once('end', () => finish());
    // Closing lets go of stdin, which would otherwise keep the process alive after a signal.
    closeListener = await serveProxyStdio(transport, options.protocol ?? 'auto', {
      legacy: () => sessionServer(state, spool, undefined, passthrough, transport).server,
      stateless: (notify) => statelessServer(state, spool, new StatelessSessions(state.presenter, notify), options.pollMs, passthrough),
      closed: () => finish(),
      log,
    });
  }
  const reporter = new ProxyReporter({
    api,
    state,
    spool,
    stateDir: options.stateDir,
    transport: options.listen ? 'http' : 'stdio',
    version: PROXY_VERSION,
    // A request favindex refused (a missing scope) or could not take, else the last failed trace batch.
    lastError: () => state.lastError?.message ?? sender.lastError,
    log,
    problems,
  });
  reporter.start();
  log(`project ${options.project} at ${options.url}; ${upstreams.size} MCP server(s): ${[...upstreams.keys()].join(', ') || 'none'}`);

  const stop = () => {
    stopping ??= (async () => {
      const deadline = Date.now() + STOP_BUDGET_MS;
      const left = () => Math.max(0, deadline - Date.now());
      surface.stop();
      clearInterval(retryPushes);
      clearTimeout(startTimer);
      // Independent of each other: the client side, every server (each ended within STOP_GRACE_MS), the last report.
      const servers = Promise.all([...upstreams.values()].map((u) => u.stop()));
      await Promise.all([within(left(), closeListener?.()), within(left(), servers), reporter.stop(left())]);
      spool.close();
      // One last try to send what is left in the time left; what is not sent waits on disk for the next start.
      await within(left(), sender.flush(left()));
      sender.stop();
      const unsent = spool.pending();
      if (unsent > 0) log(`${unsent} trace(s) kept on disk for the next start (${path.join(options.stateDir, 'spool')})`);
      finish();
    })();
    return stopping;
  };
  return { url, done, stop };
}

/** How a client gets in: the whole config to paste when the secret is new, else where the secret is. */
function secretNotice(secret: HttpSecret, url: string): string {
  const header = `Bearer ${secret.value}`;
  if (!secret.made) return `clients send the header 'Authorization: Bearer <secret>'; the secret is in ${secret.where}`;
  const entry = JSON.stringify({ mcpServers: { favindex: { type: 'http', url, headers: { Authorization: header } } } });
  return [
    `made the secret HTTP clients must send and kept it in ${secret.where} (readable by you only); it is shown this once.`,
    '  Paste into .mcp.json (Claude Code) or mcp.json (Cursor), or add the "favindex" entry to the file you have:',
    `  ${entry}`,
    '  or run:',
    `  claude mcp add --transport http favindex ${url} --header "Authorization: ${header}"`,
  ].join('\n');
}

/** The whole stop sequence, from SIGTERM to the last line on stderr: inside the 2 s a client or a supervisor gives. */
const STOP_BUDGET_MS = 1_200;

/** `work`, or nothing more once `ms` passed (it goes on, unawaited). */
function within(ms: number, work: Promise<unknown> | undefined): Promise<void> {
  if (!work) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
