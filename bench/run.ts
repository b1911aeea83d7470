/**
 * `npm run bench [-- name…]`: runs every bench/*.bench.ts (or the named ones) in turn and
 * prints one JSON object of figures per bench. Each bench measures its baseline in the same
 * run and reports a ratio against it (docs/benchmarks.md); nothing here asserts a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface BenchModule {
  name?: string;
  run(): Promise<Record<string, unknown>>;
}

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

if (files.length === 0) {
  console.error(`no bench matches ${wanted.join(', ') || '(any)'}`);
  process.exit(1);
}

const results: Record<string, unknown> = {};
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as BenchModule;
  console.error(`[bench] ${name} …`);
  const started = Date.now();
  results[name] = { ...(await mod.run()), benchSeconds: Math.round((Date.now() - started) / 1000) };
  console.log(JSON.stringify({ bench: name, ...(results[name] as object) }));
}
fs.mkdirSync(path.join(dir, 'results'), { recursive: true });
fs.writeFileSync(path.join(dir, 'results', 'latest.json'), JSON.stringify(results, null, 2));
