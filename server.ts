/**
 * favindex's server: opens its port (answering /healthz and /readyz while it starts), applies
 * pending migrations, optionally seeds the demo, warms up, then serves the Next.js app. It owns
 * the process's one database (PGlite may be opened by one process only) and closes it cleanly
 * on SIGTERM after in-flight requests finish.
 *
 *   node dist/server.mjs [--demo] [--dev]
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { configFromEnv, openDatabase } from './db/client';
import { makeDataFolderApart } from './db/pglite-folder';
import { startCatalogSyncWorker } from './server/workers/catalog-sync';
import { startRetentionWorker } from './server/workers/retention';
import { reresolvePending } from './server/names/reresolve-pending';
import { PEER_HEADER } from './server/auth/login-throttle';
import { gatePage } from './server/auth/page-gate';
import { trustsProxy } from './server/auth/mode';
import { verifySession } from './server/auth/session';
import { closeAppContext, createAppContext, installAppContext } from './server/context';
import { seedDemo } from './server/demo/seed';
import { ApiError, INTERNAL_ERROR_ENVELOPE } from './lib/errors';
import { securityHeaders } from './server/http/security-headers';
import { matchEventsPath, matchSurfacePath } from './server/http/node-bridge';
import { closeWhenBodyUnread } from './server/http/unread-body';
import { refuseEarly } from './server/http/request-guard';
import { answerClientError } from './server/http/client-error';
import { warmUp } from './server/warm-up';
import { infoLines, log, routeConsoleThrough } from './server/log';
import { Readiness } from './server/operations/readiness';
import { matchOperationsPath, serveOperation, serveWhileStarting } from './server/operations/probes';
import { ServerMetrics } from './server/metrics/server-metrics';
import { routeFamilyOf, timeAs, timedResponses } from './server/metrics/request-timing';
// The proxies' hot paths: served ahead of Next's pipeline, by the handlers Next's routes serve too.
import { surfaceRoute } from './server/surface/surface-route';
import { ingestRoute } from './server/events/ingest-route';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const demo = args.has('--demo') || process.env.FAVINDEX_DEMO === '1';
const port = Number(process.env.PORT ?? 3000);
// Without an admin password the UI is open, so it must not be reachable from the network (§auth).
const localMode = !process.env.FAVINDEX_ADMIN_PASSWORD;
const hostname = localMode ? '127.0.0.1' : (process.env.HOST ?? '0.0.0.0');
const SHUTDOWN_GRACE_MS = Number(process.env.FAVINDEX_SHUTDOWN_GRACE_MS ?? 10_000);

const NOT_SIGNED_IN = new ApiError('UNAUTHORIZED', 'this page needs the admin login', {
  suggestedAction: 'log in at /login',
  citedRule: '§auth',
}).toEnvelope();

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for'];

/**
 * The repository the server belongs to: the migrations and the Next build are found from here,
 * not from the folder it was started in (`node /opt/favindex/dist/server.mjs` from anywhere).
 * The built server is dist/server.mjs; `tsx server.ts` runs from the repository itself.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const APP_ROOT = path.basename(here) === 'dist' ? path.dirname(here) : here;

const info = infoLines(log);

function failed(res: http.ServerResponse, err: unknown): void {
  log.error('request failed', { err });
  if (res.headersSent) res.end();
  else res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(INTERNAL_ERROR_ENVELOPE));
}

async function main(): Promise<void> {
  // What Next and the libraries print comes out as lines of the server's log, in its format.
  routeConsoleThrough(log);
  const config = configFromEnv();
  const metrics = new ServerMetrics();
  metrics.collectProcessMetrics();
  const readiness = new Readiness();
  const headers = Object.entries(securityHeaders(dev));
  // The port opens first: while the server starts, /healthz and /readyz answer and the rest is told to come back.
  const server = http.createServer({ ServerResponse: timedResponses(metrics) });
  const answerWhileStarting = serveWhileStarting(readiness);
  const whileStarting: http.RequestListener = (req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    closeWhenBodyUnread(req, res);
    timeAs(res, matchOperationsPath(req.url) ? 'operations' : routeFamilyOf(req.method, req.url));
    answerWhileStarting(req, res);
  };
  server.on('request', whileStarting);
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve());
  });
  info(`port ${port} open on ${hostname}: /healthz answers; /readyz says when favindex is ready`);

  // The embedded database's folder is made apart, so this process does not keep initdb's memory.
  if (!config.databaseUrl && config.dataDir) await makeDataFolderApart(config.dataDir, info);
  const database = await openDatabase(config);
  info(`database: ${database.kind} at ${database.location}`);
  readiness.enter('applying migrations');
  await database.migrate(path.join(APP_ROOT, 'drizzle'));
  // Calls a migration made unresolved again resolve before the first request (§names).
  await reresolvePending(database.db, info);
  const appContext = createAppContext(database, metrics);
  installAppContext(appContext);
  if (demo) {
    const seeded = await seedDemo(appContext);
    info(seeded.created ? `demo project created with ${seeded.events} events` : 'demo project already present');
  }

  readiness.enter('preparing the pages');
  const app = next({ dev, hostname, port, dir: APP_ROOT });
  await app.prepare();
  const handle = app.getRequestHandler();
  let stopping = false;
  const isSession = (cookie: string | null) => verifySession(appContext.sessions, cookie);
  // Read once: the environment of a running server does not change, and each read costs a lookup.
  const trustProxy = trustsProxy();
  const onRequest: http.RequestListener = (req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // While stopping, tell keep-alive clients to reconnect (to the next process) after this answer.
    if (stopping) res.setHeader('connection', 'close');
    closeWhenBodyUnread(req, res);
    // The login throttle counts per client address; a client must not choose its own.
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    // Next builds the request's URL from X-Forwarded-Proto; only a trusted proxy may set it (§auth).
    if (!trustProxy) for (const name of FORWARDING_HEADERS) if (req.headers[name] !== undefined) delete req.headers[name];
    const refused = refuseEarly(req.method ?? 'GET', req.url ?? '/');
    if (refused) {
      res.writeHead(refused.status, { ...refused.headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(refused.toEnvelope()));
      return;
    }
    // An API path, so the page gate would pass it: the poll skips the gate's promise and URL parse.
    const read = req.method === 'GET' || req.method === 'HEAD';
    const surface = read ? matchSurfacePath(req.url) : null;
    if (surface) {
      timeAs(res, 'surface');
      surfaceRoute.serveNode(req, res, surface).catch((err: unknown) => failed(res, err));
      return;
    }
    // Every proxy posts its traces every second or so: the same, for the trace posts.
    const events = req.method === 'POST' ? matchEventsPath(req.url) : null;
    if (events) {
      timeAs(res, 'events');
      ingestRoute.serveNode(req, res, events).catch((err: unknown) => failed(res, err));
      return;
    }
    // Probes and scrapes answer while Next is busy with pages.
    const operation = read ? matchOperationsPath(req.url) : null;
    if (operation) {
      timeAs(res, 'operations');
      serveOperation(operation, req, res, readiness).catch((err: unknown) => failed(res, err));
      return;
    }
    timeAs(res, routeFamilyOf(req.method, req.url));
    gatePage(req.method ?? 'GET', req.url ?? '/', req.headers.cookie, isSession)
      .then((gate) => {
        if (gate.kind === 'redirect') {
          res.writeHead(303, { location: gate.location, 'cache-control': 'no-store' }).end();
          return;
        }
        if (gate.kind === 'unauthorized') {
          res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(NOT_SIGNED_IN));
          return;
        }
        return handle(req, res);
      })
      .catch((err: unknown) => failed(res, err));
  };
  // Proxies poll a restarted server at once: its first second must not be its slowest.
  readiness.enter('warming up');
  if (!dev && process.env.FAVINDEX_WARM_UP !== '0') await warmUp(appContext, onRequest, info);
  // The warm-up's polls went through the real handler: the figures start from here.
  metrics.forgetWarmUp();
  server.off('request', whileStarting);
  server.on('request', onRequest);
  readiness.ready(database);
  const password = process.env.FAVINDEX_ADMIN_PASSWORD;
  // Local mode is the password's absence.
  if (!localMode && password && password.length < 12) log.warn('FAVINDEX_ADMIN_PASSWORD is shorter than 12 characters');
  info(`listening on http://${hostname}:${port} (${localMode ? 'local mode: no login, loopback only' : 'password mode'})`);
  // Live catalogs: scheduled syncs and list_changed listeners; FAVINDEX_CATALOG_SYNC=0 turns them off here.
  const catalogSync = process.env.FAVINDEX_CATALOG_SYNC === '0' ? null : startCatalogSyncWorker(appContext, { log: info });
  // Raw events past a project's retention go; the rollup keeps their counts.
  const retention = startRetentionWorker(database.db);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.enter('stopping');
    info(`${signal}: finishing in-flight requests`);
    // Leave the MCP sessions and hand the listener leases to the other processes while requests finish.
    const catalogSyncStopped = catalogSync?.stop().catch((err: unknown) => log.error('catalog sync did not stop cleanly', { err }));
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    await retention.stop();
    await catalogSyncStopped;
    await closeAppContext();
    info('database closed; bye');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (err: unknown) => {
  log.error(`failed to start: ${err instanceof Error ? err.message : String(err)}`);
  await closeAppContext().catch(() => {});
  process.exit(1);
});
