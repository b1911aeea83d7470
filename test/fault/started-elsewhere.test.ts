import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { ServerProcess } from './server-process';

/**
 * `node /path/to/favindex/dist/server.mjs` started from another folder, as a service manager
 * or a script in a home folder starts it. It used to die at start ("Can't find
 * meta/_journal.json"): the migrations and the Next build were looked for in the working folder.
 */
describe('the built server started from another folder', () => {
  let server: ServerProcess;
  let elsewhere: string;

  beforeAll(async () => {
    elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-elsewhere-'));
    server = new ServerProcess({ port: await freePort(), cwd: elsewhere, env: { FAVINDEX_DATA_DIR: 'data' } });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  it('migrates, serves the API and the pages, and keeps its data where it was started', async () => {
    const created = await fetch(`${server.baseUrl}/api/projects`, {
      method: 'POST',
      body: JSON.stringify({ id: 'elsewhere' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    const page = await fetch(`${server.baseUrl}/projects/elsewhere`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('elsewhere');
    // FAVINDEX_DATA_DIR is relative to where the user started it: that is where they look for it.
    expect(fs.existsSync(path.join(elsewhere, 'data'))).toBe(true);
  });
});
