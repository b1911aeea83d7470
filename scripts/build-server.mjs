// Bundles the custom server (and what it imports from db/ and lib/) into dist/server.mjs, and
// the `favindex` CLI (cli/) into dist/cli.mjs, which bin/favindex.mjs runs.
// npm packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'server.ts', cli: 'cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
});
