#!/usr/bin/env node
// The `favindex` command. Its source is cli/; `npm run build` bundles it into dist/cli.mjs.
const bundle = new URL('../dist/cli.mjs', import.meta.url);
try {
  await import(bundle.href);
} catch (err) {
  if (err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes(bundle.pathname)) {
    process.stderr.write(
      'favindex: the CLI is not built yet: run `npm run build` in the favindex folder (or `npm run cli -- <command>` to run it from source)\n',
    );
    process.exit(1);
  }
  throw err;
}
