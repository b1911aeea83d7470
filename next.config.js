/** @type {import('next').NextConfig} */
const nextConfig = {
  // The database drivers load WASM / native sockets at run time; bundling them breaks both. prom-client
  // is loaded once, by the server, whose registry the routes count into (server/metrics).
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'prom-client'],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run typecheck` (next typegen, then tsc over the same files and the route types) runs
  // before every build in `npm test` and CI; checking them again here cost over a minute a build.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // server.ts loads the routes proxies call before it listens (server/warm-up.ts); loading
    // every route in the background after it listens made the first second of polls the slowest
    // and an idle server 150 MB larger. A page's code loads when it is first asked for.
    preloadEntriesOnStart: false,
    // CI builds a clean clone once: Turbopack's build cache is never read there, and writing it
    // took about 20 s. Elsewhere it makes the next build faster.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // Source maps of the Next chunks only map stack traces in logs; making them was a third of a
    // CI build (75 s → 45 s on two cores). A build outside CI keeps them. (dist/server.mjs keeps
    // its own map: scripts/build-server.mjs.)
    turbopackSourceMaps: !process.env.CI,
  },
};

export default nextConfig;
