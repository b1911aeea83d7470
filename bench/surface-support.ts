/**
 * Shared by bench/preview.bench.ts and bench/surface.bench.ts: their own PostgreSQL database,
 * a large realistic catalog, and a closed-loop HTTP load generator.
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import postgres from 'postgres';
import { openDatabase, type Database } from '@/db/client';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { CatalogTool } from '@/lib/schemas/catalog';

const ADMIN_URL = process.env.FAVINDEX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function benchDatabaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated `favindex_bench_<name>` database; `drop()` removes it. */
export async function createBenchDatabase(name: string): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const dbName = `favindex_bench_${name}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.unsafe(`create database "${dbName}"`);
  const url = benchDatabaseUrl(dbName);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  return {
    database,
    url,
    drop: async () => {
      await database.close().catch(() => {});
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * `servers` servers of `perServer` real tools each (the demo catalogs' tools, repeated with a
 * suffix where a server needs more), so descriptions and schemas have real sizes.
 */
export function largeCatalog(servers: number, perServer: number): { server: string; tools: CatalogTool[] }[] {
  const pool = DEMO_SERVERS.flatMap((s) => s.tools);
  return Array.from({ length: servers }, (_, s) => {
    const used = new Set<string>();
    const tools = Array.from({ length: perServer }, (_, t) => {
      const base = pool[(t + s * 7) % pool.length];
      if (!base) throw new Error('the demo catalogs list no tools');
      let name = base.name;
      for (let n = 2; used.has(name); n++) name = `${base.name}_${n}`;
      used.add(name);
      return { ...base, name };
    });
    return { server: `server-${String(s + 1).padStart(2, '0')}`, tools };
  });
}

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
}

/** `concurrency` clients on keep-alive connections, each sending the next request when its answer is in. */
export async function closedLoop(
  url: string,
  { concurrency, seconds, headers = {} }: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => percentile(latencies, p);
  return {
    requests: latencies.length,
    seconds: round(elapsed),
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    statuses,
  };
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function percentile(sorted: number[], p: number): number {
  // An empty list has no percentile.
  return round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN);
}

/**
 * A bare node:http server answering every request with one stored body and its headers (and
 * 304 to a matching If-None-Match, with HEADERS_304 when given): the baseline a bench holds favindex's server against.
 */
export const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const body = fs.readFileSync(process.env.BODY_FILE);
const headers = JSON.parse(process.env.HEADERS);
// The app's own 304 headers when given (a fair baseline sends as many bytes), else the ETag alone.
const headers304 = process.env.HEADERS_304 ? JSON.parse(process.env.HEADERS_304) : { etag: headers.etag, 'cache-control': headers['cache-control'] };
http.createServer((req, res) => {
  if (headers.etag && req.headers['if-none-match'] === headers.etag) { res.writeHead(304, headers304); res.end(); return; }
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

/** The benches that start the built server need `npm run build` first. */
export function requireBuild(bench: string, root = process.cwd()): void {
  if (!fs.existsSync(path.join(root, 'dist', 'server.mjs')) || !fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error(`${bench} bench needs a build: run \`npm run build\` first`);
  }
}
