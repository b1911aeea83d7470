/** @type {import('next').NextConfig} */
const nextConfig = {
  // The database drivers load WASM / native sockets at run time; bundling them breaks both.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
