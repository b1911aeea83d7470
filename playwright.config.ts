import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
// Every e2e run gets a fresh PGlite folder. Workers re-read this file, so the choice is
// handed down through the environment instead of made again.
process.env.FAVINDEX_E2E_DATA_DIR ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-e2e-')), 'data');
// A second server in password mode (§auth) for the login and token specs, on its own data.
const passwordPort = Number(process.env.E2E_PASSWORD_PORT ?? port + 1);
process.env.E2E_PASSWORD_URL = `http://127.0.0.1:${passwordPort}`;
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';
process.env.FAVINDEX_E2E_PASSWORD_DATA_DIR ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-e2e-pw-')), 'data');

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'api', testMatch: /.*\.api\.spec\.ts/ },
    { name: 'ui', testMatch: /.*\.ui\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1360, height: 900 } } },
  ],
  webServer: [
    {
      command: 'node dist/server.mjs',
      url: `${baseURL}/api/projects`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        FAVINDEX_DATA_DIR: process.env.FAVINDEX_E2E_DATA_DIR,
        DATABASE_URL: '',
        FAVINDEX_ADMIN_PASSWORD: '',
        NEXT_TELEMETRY_DISABLED: '1',
        // The sync specs register MCP servers on loopback.
        FAVINDEX_SYNC_ALLOW_PRIVATE: '1',
      },
    },
    {
      command: 'node dist/server.mjs',
      url: `${process.env.E2E_PASSWORD_URL}/api/auth/session`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(passwordPort),
        HOST: '127.0.0.1',
        FAVINDEX_DATA_DIR: process.env.FAVINDEX_E2E_PASSWORD_DATA_DIR,
        DATABASE_URL: '',
        FAVINDEX_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        NEXT_TELEMETRY_DISABLED: '1',
        // The sync specs register MCP servers on loopback.
        FAVINDEX_SYNC_ALLOW_PRIVATE: '1',
      },
    },
  ],
});
