/**
 * favindex's server: applies pending migrations, optionally seeds the demo, then serves the
 * Next.js app. It owns the process's one database (PGlite may be opened by one process only)
 * and closes it cleanly on SIGTERM after in-flight requests finish.
 *
 *   node dist/server.mjs [--demo] [--dev]
 */
import http from 'node:http';
import next from 'next';
import { closeDatabase, configFromEnv, openDatabase, useDatabase } from './db/client';
import { seedDemo } from './db/seed/demo';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const demo = args.has('--demo') || process.env.FAVINDEX_DEMO === '1';
const port = Number(process.env.PORT ?? 3000);
// Without an admin password the UI is open, so it must not be reachable from the network (§auth).
const localMode = !process.env.FAVINDEX_ADMIN_PASSWORD;
const hostname = localMode ? '127.0.0.1' : (process.env.HOST ?? '0.0.0.0');
const SHUTDOWN_GRACE_MS = Number(process.env.FAVINDEX_SHUTDOWN_GRACE_MS ?? 10_000);

function log(message: string): void {
  console.log(`[favindex] ${message}`);
}

async function main(): Promise<void> {
  const database = await openDatabase(configFromEnv());
  log(`database: ${database.kind} at ${database.location}`);
  await database.migrate();
  useDatabase(database);
  if (demo) {
    const seeded = await seedDemo(database.db);
    log(seeded.created ? `demo project created with ${seeded.events} events` : 'demo project already present');
  }

  const app = next({ dev, hostname, port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[favindex] request failed', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve());
  });
  log(`listening on http://${hostname}:${port} (${localMode ? 'local mode: no login, loopback only' : 'password mode'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    await closeDatabase();
    log('database closed; bye');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (err: unknown) => {
  console.error('[favindex] failed to start:', err instanceof Error ? err.message : err);
  await closeDatabase().catch(() => {});
  process.exit(1);
});
