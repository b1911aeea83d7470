import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listProjects } from '@/db/queries/projects';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import type { AppContext } from '@/server/app-context';
import { itemAt } from '@/lib/arrays';

/** Surfaces rendered before listening: the projects a restart's first polls most likely ask for. */
const WARM_PROJECTS = 50;
// Enough for the poll's code to be optimised before the first real one (600 left the first
// second's p99 at 16 connections 1.6-2.0x the steady one; 2,000 gave 1.0-1.7x, 150 ms more start).
const WARM_REQUESTS = 2_000;
const WARM_CONCURRENCY = 8;
const WARM_DEADLINE_MS = 15_000;

interface WarmRequest {
  path: string;
  headers: Record<string, string>;
}

/** A project id no project has: each route's code loads, and nothing heavy runs for it. */
const NO_PROJECT = 'favindex-warm-up';

/**
 * The routes a proxy calls besides its poll (which is served ahead of Next): one URL each, its
 * segments filled in. Only these are loaded before listening: loading every route took 3-7 s
 * and 150 MB, for pages a person opens later, when Next loads each one on its first request.
 */
export function proxyRoutePaths(): string[] {
  return [EVENT_ENDPOINTS.ingest, PROXY_ENDPOINTS.report, CATALOG_ENDPOINTS.upload].map((e) =>
    e.path.replace('{id}', NO_PROJECT).replace(/\{[^}]+\}/g, 'warm-up'),
  );
}

/**
 * Make the first second after a start as fast as the steady state: a restarted server meets
 * every proxy's poll at once. Before the real port opens: load the code of the routes proxies
 * call (one request each), render the surfaces, and run a few hundred polls, so the hot path is
 * compiled: all through the real request handler on a loopback port of its own. Bounded in
 * time; a failure only means a colder start, never none.
 */
export async function warmUp(app: AppContext, handler: http.RequestListener, log: (message: string) => void): Promise<void> {
  const started = performance.now();
  const deadline = started + WARM_DEADLINE_MS;
  const ms = (from: number, to = performance.now()) => Math.round(to - from);
  try {
    const routes = proxyRoutePaths().map((p) => ({ path: p, headers: {} }));
    await throughLoopback(handler, routes, [], deadline);
    const loaded = performance.now();
    const projects = (await listProjects(app.db)).slice(0, WARM_PROJECTS);
    const polls: WarmRequest[] = [];
    for (const project of projects) {
      if (performance.now() > deadline) break;
      const { etag } = await app.surfaces.surface(project.id, undefined);
      if (polls.length > 0) continue;
      // A proxy's polls: the first gets the document, the rest 304s.
      const poll = `/api/projects/${encodeURIComponent(project.id)}/surface`;
      polls.push({ path: poll, headers: {} }, { path: poll, headers: { 'if-none-match': etag } }, { path: poll, headers: { 'if-none-match': etag } });
    }
    const rendered = performance.now();
    await throughLoopback(handler, [], polls, deadline);
    log(
      `warmed up in ${ms(started)} ms: ${routes.length} routes ${ms(started, loaded)} ms, ${projects.length} surfaces ${ms(loaded, rendered)} ms, polls ${ms(rendered)} ms`,
    );
  } catch (err) {
    log(`warm-up stopped early: ${err instanceof Error ? err.message : err}`);
  }
}

/**
 * Through `handler` on a port only this process knows, closed after: each of `once` in turn,
 * then WARM_REQUESTS of `hot`, WARM_CONCURRENCY at a time.
 */
async function throughLoopback(handler: http.RequestListener, once: WarmRequest[], hot: WarmRequest[], deadline: number): Promise<void> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: WARM_CONCURRENCY });
  // Sound: a server listening on TCP gives an AddressInfo (a string only for a pipe).
  const { port } = server.address() as AddressInfo;
  let sent = 0;
  const one = ({ path, headers }: WarmRequest) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => resolve());
    });
  try {
    for (const request of once) await one(request);
    if (hot.length === 0) return;
    await Promise.all(
      Array.from({ length: WARM_CONCURRENCY }, async () => {
        while (sent < WARM_REQUESTS && performance.now() < deadline) await one(itemAt(hot, sent++ % hot.length));
      }),
    );
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
