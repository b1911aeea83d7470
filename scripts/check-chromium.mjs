// Playwright cannot download its own browser here: the e2e tests use the system Chromium.
// When it is missing, install it the way .ci/run does, so `npm ci && npm test` works on a
// fresh machine; when that is not possible, say exactly what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DEFAULT_PATH = '/usr/bin/chromium';
const custom = process.env.CHROMIUM_PATH;
const executable = custom ?? DEFAULT_PATH;

if (fs.existsSync(executable)) process.exit(0);

const INSTALL = 'apt-get install -y chromium';
const UPDATE_AND_INSTALL = 'apt-get update && apt-get install -y chromium';

function fail(...lines) {
  for (const line of lines) console.error(`check-chromium: ${line}`);
  process.exit(1);
}

if (custom) {
  fail(`CHROMIUM_PATH is ${custom}, and nothing is there.`, `Point CHROMIUM_PATH at a Chromium binary, or unset it to use ${DEFAULT_PATH}.`);
}

const onPath = (command) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const missing = `the e2e tests need Chromium at ${DEFAULT_PATH}, and it is not installed.`;
if (!onPath('apt-get')) {
  fail(missing, 'This machine has no apt-get: install Chromium with its package manager, or point CHROMIUM_PATH at a Chromium binary.');
}
if (!isRoot) {
  fail(
    missing,
    'Installing it needs root. As root (or with sudo), run:',
    `  ${UPDATE_AND_INSTALL}`,
    'then run the tests again; or point CHROMIUM_PATH at another Chromium binary.',
  );
}

// Non-interactive: a test run must never stop at a package prompt.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
function run(command) {
  console.log(`check-chromium: running: ${command}`);
  const [program, ...args] = command.split(' ');
  return spawnSync(program, args, { stdio: 'inherit', env }).status === 0;
}

console.log(`check-chromium: the e2e tests need Chromium at ${DEFAULT_PATH}, and it is missing; installing it.`);
if (!run(INSTALL)) {
  console.log('check-chromium: that failed; refreshing the package lists first.');
  if (!run('apt-get update') || !run(INSTALL)) fail(`could not install Chromium (${UPDATE_AND_INSTALL} failed; see its output above).`);
}
if (!fs.existsSync(DEFAULT_PATH)) fail(`apt-get installed chromium, but ${DEFAULT_PATH} is still missing.`);
console.log(`check-chromium: installed ${DEFAULT_PATH}.`);
