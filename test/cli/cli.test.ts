import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { proxyReport } from '@/test/proxy-reports';
import { cliServer, newProject, ROOT, run, sendCallsTo } from './run-cli';

/**
 * The `favindex` CLI end to end: the built server the system tests share (local mode), and the
 * built CLI (bin/favindex.mjs → dist/cli.mjs) run as a child process. Exit codes: 0 ok, 1 API
 * error, 5 MCP server; the others in exit-codes.test.ts (cli/exit-codes.ts).
 */
const EVERYTHING = ['node', path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
const PAGED = ['node', path.join(ROOT, 'test/cli/paged-stdio-server.mjs')];

const cli = cliServer('cli');
const favindex = cli.favindex;
const { api } = cli;

const project = (id: string) => newProject(api, id);
const sendCalls = (id: string, calls: Record<string, number>) => sendCallsTo(api, id, calls);

async function catalogTools(id: string, serverName: string): Promise<string[]> {
  const res = await api('GET', `/api/projects/${id}/catalog/${serverName}`);
  return res.status === 200 ? res.body.tools.map((t: { name: string }) => t.name) : [];
}

describe('favindex catalog push', () => {
  it('starts @modelcontextprotocol/server-everything over stdio, reads its tools/list and uploads it; again is no change', async () => {
    const id = await project('cli-catalog');
    const first = await favindex(['catalog', 'push', '--project', id, '--server', 'everything', '--', ...EVERYTHING]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const count = Number(/^Read (\d+) tools from `node .*server-everything\/dist\/index\.js stdio`\.$/m.exec(first.stdout)?.[1]);
    expect(first.stdout).toContain(`${id}/everything: new catalog server, version 1.`);
    const stored = await catalogTools(id, 'everything');
    expect(stored).toHaveLength(count);
    expect(stored).toEqual(expect.arrayContaining(['echo', 'get-sum']));

    const again = await favindex(['catalog', 'push', '-p', id, '--server', 'everything', '--json', '--', ...EVERYTHING]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ server: 'everything', version: 1, changed: false, toolCount: count });
  });

  it('follows nextCursor across every page, says what a new version added, and stores nothing from a list it cannot store (exit 5)', async () => {
    const id = await project('cli-paged');
    const paged = await favindex(['catalog', 'push', '-p', id, '--server', 'paged', '--', ...PAGED], { env: { TOOLS: '25' } });
    expect(paged.code).toBe(0);
    expect(paged.stdout).toContain('Read 25 tools');
    expect(await catalogTools(id, 'paged')).toEqual(Array.from({ length: 25 }, (_, i) => `tool_${i}`));

    const grown = await favindex(['catalog', 'push', '-p', id, '--server', 'paged', '--', ...PAGED], { env: { TOOLS: '27' } });
    expect(grown.code).toBe(0);
    expect(grown.stdout).toContain(`${id}/paged: catalog version 2: added tool_25, tool_26.`);

    const duplicate = await favindex(['catalog', 'push', '-p', id, '--server', 'paged', '--', ...PAGED], { env: { TOOLS: '30', DUPLICATE: '1' } });
    expect(duplicate.code).toBe(5);
    expect(duplicate.stderr).toContain("duplicate tool name 'tool_0'");
    expect(duplicate.stderr).toContain('paged server ready');
    expect(await catalogTools(id, 'paged')).toHaveLength(27);

    const missing = await favindex(['catalog', 'push', '-p', id, '--server', 'x', '--', 'no-such-mcp-server-command']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain("cannot start the MCP server: 'no-such-mcp-server-command' was not found");
    const quits = await favindex(['catalog', 'push', '-p', id, '--server', 'x', '--', 'node', '-e', 'console.error("no MCP here"); process.exit(3)']);
    expect(quits.code).toBe(5);
    expect(quits.stderr).toMatch(/did not start an MCP session[\s\S]*no MCP here/);
  });
});

describe('favindex suggest and favourites', () => {
  it('warns on stderr of a pin no connected proxy serves, and stores it all the same', async () => {
    const id = await project('cli-unserved');
    expect((await api('PUT', `/api/projects/${id}/catalog/github`, { tools: DEMO_SERVERS.find((s) => s.server === 'github')?.tools })).status).toBe(201);
    expect((await api('PUT', `/api/projects/${id}/proxies/proxy-cli-test`, proxyReport([{ name: 'filesystem', tools: 14 }]))).status).toBe(200);
    const pin = await favindex(['favourites', 'pin', '-p', id, 'github/create_issue']);
    expect(pin.code).toBe(0);
    expect(pin.stderr).toContain("warning: github/create_issue reaches no client: the connected proxy does not run 'github'");
    const json = JSON.parse((await favindex(['favourites', 'pin', '-p', id, 'github/list_issues', '--json'])).stdout);
    expect(json.warnings).toEqual([expect.stringContaining('github/list_issues reaches no client')]);
    expect((await api('GET', `/api/projects/${id}/favourites`)).body.tools).toEqual(['github/create_issue', 'github/list_issues']);
  });

  it('ranks the window with ★ on pinned tools and prints commands that apply the suggestion as printed', async () => {
    const id = await project('cli-suggest');
    expect((await favindex(['catalog', 'push', '-p', id, '--server', 'everything', '--', ...EVERYTHING])).code).toBe(0);
    await sendCalls(id, { 'everything/echo': 6, 'everything/get-sum': 4, 'all/everything/get-env': 2, 'everything/get-tiny-image': 1 });
    expect((await favindex(['favourites', 'pin', '-p', id, 'everything/get-sum', 'github/gone'])).code).toBe(0);

    const suggested = await favindex(['suggest', '--project', id, '--top', '3', '--window', '30']);
    expect(suggested.code).toBe(0);
    const rows = suggested.stdout.split('\n').filter((line) => /^\d+ /.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/))).toEqual([
      ['1', 'everything/echo', '6', '46.2%'],
      ['2', '★', 'everything/get-sum', '4', '30.8%'],
      ['3', 'everything/get-env', '2', '15.4%'],
    ]);
    expect(suggested.stdout).toContain('Add (2): everything/echo, everything/get-env');
    expect(suggested.stdout).toContain('Remove (1): github/gone');
    const commands = suggested.stdout.split('\n').filter((line) => line.startsWith('  favindex '));
    expect(commands).toEqual([
      `  favindex suggest --project ${id} --top 3 --window 30 --yaml > ${id}.suggested.yaml`,
      `  favindex apply -f ${id}.suggested.yaml --dry-run`,
      `  favindex apply -f ${id}.suggested.yaml`,
    ]);

    // Run them as printed.
    const env = cli.env;
    const [save, dryRun, apply] = await commands.reduce<Promise<Awaited<ReturnType<typeof run>>[]>>(
      async (done, line) => [...(await done), await run('sh', ['-c', line.trim()], { cwd: cli.workDir, env })],
      Promise.resolve([]),
    );
    if (!save || !dryRun || !apply) throw new Error('three commands were printed, so three ran');
    expect(save.code).toBe(0);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Dry run: 0 to create, 1 to update, 0 unchanged. Nothing was written.');
    expect(dryRun.stdout).toContain('favourites: pinned everything/echo, everything/get-env; unpinned github/gone');
    expect(dryRun.stdout).toMatch(/^ {4}- {6}- github\/gone$/m);
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('Applied: 0 created, 1 updated, 0 unchanged.');
    expect((await api('GET', `/api/projects/${id}/favourites`)).body.tools).toEqual(['everything/echo', 'everything/get-sum', 'everything/get-env']);

    const after = await favindex(['suggest', '-p', id, '--top', '3', '--json']);
    const json = JSON.parse(after.stdout);
    expect(json.suggested.map((s: { tool: string; pinned: boolean }) => [s.tool, s.pinned])).toEqual([
      ['everything/echo', true],
      ['everything/get-sum', true],
      ['everything/get-env', true],
    ]);
    expect(json).toMatchObject({ add: [], remove: [], window: { days: 30 } });
    expect((await favindex(['suggest', '-p', id, '--top', '3'])).stdout).toContain('The favourites already hold exactly these tools.');
    expect(parse((await favindex(['suggest', '-p', id, '--top', '3', '--yaml'])).stdout)).toMatchObject({ kind: 'Project', metadata: { name: id } });
  });

  it('lists, pins (at a position) and unpins, recorded as via cli; a full list is exit 1 with what to do', async () => {
    const id = await project('cli-favourites');
    expect((await favindex(['favourites', 'pin', '-p', id, 'github/create_issue', 'github/list_issues'])).stdout).toBe(
      '★ pinned github/create_issue (version 2, 1 of 15 pinned)\n★ pinned github/list_issues (version 3, 2 of 15 pinned)\n',
    );
    expect((await favindex(['favourites', 'pin', '-p', id, 'k8s/get_pods', '--position', '0'])).code).toBe(0);
    const list = await favindex(['favourites', 'list', '-p', id]);
    expect(list.stdout).toBe(
      `Favourites of ${id}: version 4, enabled, 3 of 15 pinned\n  1. k8s/get_pods  (not in catalog)\n  2. github/create_issue  (not in catalog)\n  3. github/list_issues  (not in catalog)\n`,
    );
    const unpinned = await favindex(['favourites', 'unpin', '-p', id, 'github/create_issue', 'github/create_issue']);
    expect(unpinned.stdout).toBe(
      'unpinned github/create_issue (version 5, 2 of 15 pinned)\ngithub/create_issue was not pinned: no change (version 5, 2 of 15 pinned)\n',
    );
    const listed = JSON.parse((await favindex(['favourites', 'list', '-p', id, '--json'])).stdout);
    expect(listed).toMatchObject({ project: id, version: 5, tools: ['k8s/get_pods', 'github/list_issues'] });
    const history = await api('GET', `/api/projects/${id}/favourites/history`);
    expect(history.body.changes.slice(0, 4).map((c: { via: string }) => c.via)).toEqual(['cli', 'cli', 'cli', 'cli']);

    expect((await api('PATCH', `/api/projects/${id}/favourites`, { maxFavourites: 2 })).status).toBe(200);
    const full = await favindex(['favourites', 'pin', '-p', id, 'github/get_issue']);
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(/\(HTTP 409 MAX_FAVOURITES_EXCEEDED\)\n {2}→ .*(unpin|maxFavourites)/);
    const fullJson = await favindex(['favourites', 'pin', '-p', id, 'github/get_issue', '--json']);
    expect(fullJson.stdout).toBe('');
    expect(JSON.parse(fullJson.stderr)).toMatchObject({ exit_code: 1, status: 409, error_code: 'MAX_FAVOURITES_EXCEEDED', cited_rule: '§favourites' });
    expect((await api('GET', `/api/projects/${id}/favourites`)).body.tools).toEqual(['k8s/get_pods', 'github/list_issues']);
  });
});

describe('favindex arguments', () => {
  it('ranks the tools models call with wrong arguments, names the wrong keys, and breaks one tool down by model', async () => {
    const id = await project('cli-arguments');
    const runReport = {
      name: 'run_report',
      inputSchema: { type: 'object', properties: { startDate: { type: 'string' }, endDate: { type: 'string' } }, required: ['startDate'] },
    };
    expect((await api('PUT', `/api/projects/${id}/catalog/reports`, { tools: [runReport] })).status).toBe(201);
    const at = new Date(Date.now() - 60_000).toISOString();
    const call = (i: number, model: string, args: object) => ({
      id: `r-${i}`,
      timestamp: at,
      tool: 'reports__run_report',
      sessionId: `s${i}`,
      model,
      client: 'codex',
      arguments: args,
    });
    const events = [
      ...Array.from({ length: 5 }, (_, i) => call(i, 'gpt-5.4-mini', i < 2 ? { start: '2026-11-01' } : { startDate: '2026-11-01' })),
      ...Array.from({ length: 3 }, (_, i) => call(10 + i, 'claude-sonnet-4.5', { startDate: '2026-11-01' })),
    ];
    expect((await api('POST', `/api/projects/${id}/events`, { events })).body).toMatchObject({ accepted: 8, rejected: [] });

    const ranked = await favindex(['arguments', '-p', id, '--tool', 'reports/run_report']);
    expect(ranked.stderr).toBe('');
    expect(ranked.code).toBe(0);
    expect(ranked.stdout).toContain('8 of 8 calls checked · 75.0% well-formed · 75.0% of first calls right');
    const line = (start: string) =>
      ranked.stdout
        .split('\n')
        .find((l) => l.startsWith(start))
        ?.split(/\s{2,}/);
    expect(line('1 ')).toEqual(['1', 'reports/run_report', '8', '75.0%', '75.0%', 'missing required 2, unexpected key 2']);
    expect(line('reports/run_report  $.start')).toEqual(['reports/run_report', '$.start → startDate', '2 calls', 'gpt-5.4-mini']);
    expect(line('gpt-5.4-mini')).toEqual(['gpt-5.4-mini', 'codex', '5', '60.0%', '60.0%', '3', '2', '2']);

    const one = JSON.parse((await favindex(['arguments', '-p', id, '--model', 'claude-sonnet-4.5', '--json'])).stdout);
    expect(one.totals).toMatchObject({ calls: 3, checked: 3, wellFormed: 3 });
    expect(one.wrongKeys).toEqual([]);
  });
});

describe('favindex export and apply', () => {
  it('exports, applies an edited file as a dry run (diff, nothing written) and for real; exports every project', async () => {
    const id = await project('cli-yaml');
    await project('cli-yaml-other');
    const file = path.join(cli.workDir, `${id}.yaml`);
    const exported = await favindex(['export', '-p', id, '-o', file]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toBe(`wrote 1 project (${id}) to ${file}\n`);
    const original = fs.readFileSync(file, 'utf8');
    expect((await favindex(['export', '-p', id])).stdout).toBe(original);

    fs.writeFileSync(file, original.replace('description: ""', 'description: edited by the CLI test').replace('maxFavourites: 15', 'maxFavourites: 9'));
    const dryRun = await favindex(['apply', '-f', file, '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain(`~ ${id} (update)`);
    expect(dryRun.stdout).toContain('    metadata.description: "" → "edited by the CLI test"');
    expect(dryRun.stdout).toContain('    spec.favouriteIndex.maxFavourites: 15 → 9');
    expect(dryRun.stdout).toMatch(/^ {4}- {2}description: ""$/m);
    expect(dryRun.stdout).toMatch(/^ {4}\+ {2}description: edited by the CLI test$/m);
    expect(dryRun.stdout).toContain(`To apply it: favindex apply -f ${file}`);
    expect((await favindex(['export', '-p', id])).stdout).toBe(original);

    const applied = await favindex(['apply', '-f', file, '--json']);
    expect(JSON.parse(applied.stdout)).toMatchObject({ dryRun: false, applied: true, summary: { create: 0, update: 1, unchanged: 0 } });
    expect((await favindex(['export', '-p', id])).stdout).toBe(fs.readFileSync(file, 'utf8'));
    // Applying the same again changes nothing; stdin works as -f -.
    expect((await favindex(['apply', '-f', '-'], { input: fs.readFileSync(file, 'utf8') })).stdout).toContain('Applied: 0 created, 0 updated, 1 unchanged.');

    const all = await favindex(['export', '--all']);
    expect(all.stdout.split('\n---\n').length).toBeGreaterThanOrEqual(2);
    expect(all.stdout).toContain(`name: ${id}\n`);
    expect(all.stdout).toContain('name: cli-yaml-other\n');

    const broken = await favindex(['apply', '-f', '-'], {
      input: 'apiVersion: favindex/v1\nkind: Project\nmetadata: {name: cli-yaml}\nspec: {favouriteIndex: {maxFavourites: many}}\n',
    });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/\(HTTP 422 YAML_INVALID\)/);
    expect(broken.stderr).toMatch(/- document 1 line 4:\d+ spec\.favouriteIndex\.maxFavourites: /);
  });
});
