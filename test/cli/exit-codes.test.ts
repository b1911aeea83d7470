import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { cliServer, newProject, ROOT, sendCallsTo } from './run-cli';

/**
 * The `favindex` CLI end to end with project tokens, and the exit codes it ends with: 0 ok,
 * 1 API error, 2 bad arguments, 3 unreachable, 4 auth (cli/exit-codes.ts).
 */
const cli = cliServer('cli-exit-codes');
const favindex = cli.favindex;
const { api } = cli;
const project = (id: string) => newProject(api, id);
const sendCalls = (id: string, calls: Record<string, number>) => sendCallsTo(api, id, calls);

describe('favindex with project tokens, and its exit codes', () => {
  it('does each chore with a token holding its scope (exit 4 without it, or with a bad token)', async () => {
    const id = await project('cli-token');
    const other = await project('cli-token-other');
    const github = JSON.parse(fs.readFileSync(path.join(ROOT, 'lib/demo/catalogs/github.json'), 'utf8'));
    expect((await api('PUT', `/api/projects/${id}/catalog/github`, { tools: github.tools })).status).toBe(201);
    await sendCalls(id, { 'github/create_issue': 3 });
    const created = await api('POST', `/api/projects/${id}/tokens`, { name: 'cli', scopes: ['usage:read', 'config:read', 'config:write'] });
    const env = { FAVINDEX_TOKEN: created.body.token, FAVINDEX_PROJECT: id };

    expect((await favindex(['suggest'], { env })).stdout).toContain('github/create_issue');
    expect((await favindex(['favourites', 'list'], { env })).code).toBe(0);
    const pin = await favindex(['favourites', 'pin', 'github/create_issue'], { env });
    expect(pin.code).toBe(4);
    expect(pin.stderr).toContain('lacks the scope favourites:write');
    expect(pin.stderr).toContain('(HTTP 403 FORBIDDEN)');
    const otherYaml = (await api('GET', `/api/projects/${other}/yaml`)).text;
    const foreign = await favindex(['apply', '-f', '-', '--dry-run'], { env, input: otherYaml });
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toContain(`cannot touch '${other}'`);
    const own = await favindex(['export'], { env });
    expect((await favindex(['apply', '-f', '-'], { env, input: own.stdout })).code).toBe(0);
    const everything = await favindex(['export', '--all'], { env });
    expect(everything.code).toBe(4);

    const bad = await favindex(['suggest', '-p', id], { env: { FAVINDEX_TOKEN: `fvx_${'A'.repeat(43)}` } });
    expect(bad.code).toBe(4);
    expect(bad.stderr).toBe(
      'favindex: the bearer token is not a favindex project token (HTTP 401 UNAUTHORIZED)\n  → check the token; create a new one under the project’s Tokens tab\n',
    );
  });

  it('exits 3 when favindex cannot be reached or something else answers, 2 for bad arguments, 1 for an API error', async () => {
    // A port free a moment ago: nothing listens there.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await favindex(['favourites', 'list', '-p', 'x', '--url', nowhere]);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain(`cannot reach favindex at ${nowhere}: connection refused`);

    const impostor = http.createServer((_, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nope</h1>'));
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = impostor.address() as { port: number };
      const wrong = await favindex(['favourites', 'list', '-p', 'x'], { env: { FAVINDEX_URL: `http://127.0.0.1:${port}` } });
      expect(wrong.code).toBe(3);
      expect(wrong.stderr).toContain('answered HTTP 404 (text/html): it does not look like favindex');
    } finally {
      impostor.close();
    }

    const badArgs = await favindex(['suggest', '-p', 'x', '--window', 'forever']);
    expect(badArgs.code).toBe(2);
    expect(badArgs.stderr).toContain("--window must be a whole number, not 'forever'");

    const missing = await favindex(['suggest', '-p', 'no-such-project']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      "favindex: project 'no-such-project' does not exist (HTTP 404 PROJECT_NOT_FOUND)\n  → check the project id, or create it with POST /api/projects\n",
    );
  });
});
