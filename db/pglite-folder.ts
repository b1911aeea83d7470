import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGLITE_SETTINGS } from './pglite-settings';

/**
 * Make the PGlite data folder `dir` if it is not there yet, in a child process. Making it
 * (initdb) grows a process's WebAssembly memory to about 650 MB, which that process keeps for
 * life; the server then opens the folder made, in about 150 MB. Nothing to do for a folder
 * that is there, or for `memory://`; where the child fails, the server's own open makes it.
 */
export async function makeDataFolderApart(dir: string, log: (message: string) => void): Promise<void> {
  if (dir.startsWith('memory://') || fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const existed = fs.existsSync(dir);
  fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  // Resolved here, where the package is found: the child runs from wherever the server was started.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const startParams = JSON.stringify(PGLITE_SETTINGS);
  const code = [
    `const { PGlite } = require(${JSON.stringify(pglite)});`,
    `PGlite.create(${JSON.stringify(path.resolve(dir))}, { startParams: [...PGlite.defaultStartParams, ...${startParams}] })`,
    '  .then((db) => db.close())',
    '  .catch((err) => { console.error(err); process.exit(1); });',
  ].join('\n');
  try {
    await promisify(execFile)(process.execPath, ['-e', code], { timeout: 120_000 });
  } catch (err) {
    // What it left is no data folder (a folder the user made is left to them): the server's own open makes one, in process.
    if (!existed) fs.rmSync(dir, { recursive: true, force: true });
    log(`could not make the data folder in a child process (${err instanceof Error ? err.message : err}); making it in this one`);
  }
}
