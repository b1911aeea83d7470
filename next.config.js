/** @type {import('next').NextConfig} */
const nextConfig = {
  // The database drivers load WASM / native sockets at run time; bundling them breaks both.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // server.ts loads every route before it listens (server/warm-up.ts); loading them again in
    // the background after it listens made the first second of polls the slowest.
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
