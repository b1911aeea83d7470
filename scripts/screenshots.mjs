#!/usr/bin/env node
/**
 * Full-page screenshots of every project page of the demo, at 1440×900 and 390×844, into
 * docs/screenshots/ (for the docs, and to review a change of the dashboard by eye).
 *
 *   npm run build && node scripts/screenshots.mjs
 *
 * It starts the built server (dist/server.mjs --demo) on a fresh PGlite folder, on
 * SCREENSHOTS_PORT (3697 by default), and stops it when done. CHROMIUM_PATH names the browser
 * (/usr/bin/chromium by default). Not part of the test run: it asserts nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SCREENSHOTS_PORT ?? 3697);
const base = `http://127.0.0.1:${port}`;
const out = path.join(root, 'docs', 'screenshots');
const PAGES = [
  ['projects', '/'],
  ['usage', '/projects/demo'],
  ['favourites', '/projects/demo/favourites'],
  ['catalog', '/projects/demo/catalog'],
  ['proxies', '/projects/demo/proxies'],
  ['events', '/projects/demo/events'],
  ['preview', '/projects/demo/preview'],
  ['impact', '/projects/demo/impact'],
  ['tokens', '/projects/demo/tokens'],
  ['settings', '/projects/demo/settings'],
  ['yaml', '/projects/demo/yaml'],
];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

async function waitForServer(child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/projects/demo`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no server at ${base} after 2 minutes`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-screenshots-'));
const server = spawn(process.execPath, [path.join(root, 'dist', 'server.mjs'), '--demo'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    FAVINDEX_DATA_DIR: path.join(dataDir, 'data'),
    DATABASE_URL: '',
    FAVINDEX_ADMIN_PASSWORD: '',
    NEXT_TELEMETRY_DISABLED: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  await waitForServer(server);
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const viewport of SIZES) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const [name, url] of PAGES) {
      await page.goto(base + url, { waitUntil: 'networkidle' });
      // Every skeleton gone, so the picture shows the data.
      await page
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached', timeout: 20_000 })
        .catch(() => {});
      const file = path.join(out, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`saved ${path.relative(root, file)}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
