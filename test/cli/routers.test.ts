import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { cliServer, newProject } from './run-cli';

/** `favindex routers` end to end: the built CLI against the shared built server (§routers). */
const cli = cliServer('routers');
const { api, favindex } = cli;

const ROUTERS_YAML = `routers:
  - name: issues
    description: Read GitHub issues, one or a filtered list.
    ops:
      - {op: get, tool: github/get_issue, note: One issue by its number.}
      - {op: list, tool: github/list_issues, note: Issues of a repository by state and label.}
singletons:
  - {tool: github/search_code, reason: The only search over code.}
  - {tool: jira/create_ticket, reason: Tickets live elsewhere.}
`;

function workFile(name: string, text: string): string {
  fs.writeFileSync(path.join(cli.workDir, name), text);
  return name;
}

describe('favindex routers', () => {
  it('applies a file, shows and lists the history, refuses a tool in two places and a stale version, and undoes, recorded as via cli', async () => {
    const id = await newProject(api, 'cli-routers');
    const tools = ['get_issue', 'list_issues', 'search_code'].map((name) => ({ name, inputSchema: { type: 'object' } }));
    expect((await api('PUT', `/api/projects/${id}/catalog/github`, { tools })).status).toBe(201);
    expect((await favindex(['routers', 'show', '-p', id])).stdout).toBe(
      `Routers of ${id}: version 0, 0 routers of 0 ops, 0 singletons\n  (none: favindex routers apply -f FILE writes them)\n`,
    );

    const applied = await favindex(['routers', 'apply', '-p', id, '-f', workFile('routers.yaml', ROUTERS_YAML)]);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toBe(`Routers of ${id}: applied: version 1, 1 router of 2 ops, 2 singletons.\n`);
    expect(applied.stderr).toMatch(/^warning: the catalog does not list jira\/create_ticket: kept in the routers/);
    expect((await favindex(['routers', 'show', '-p', id])).stdout).toBe(
      [
        `Routers of ${id}: version 1, 1 router of 2 ops, 2 singletons`,
        '  issues: Read GitHub issues, one or a filtered list.',
        '    get   github/get_issue  One issue by its number.',
        '    list  github/list_issues  Issues of a repository by state and label.',
        '  singletons:',
        '    github/search_code: The only search over code.',
        '    jira/create_ticket: Tickets live elsewhere.  (not in catalog)',
        '',
      ].join('\n'),
    );
    expect((await favindex(['routers', 'apply', '-p', id, '-f', 'routers.yaml'])).stdout).toContain('the same routers again: no change (version 1)');

    // JSON on stdin, over a version that is no longer in force: nothing is written.
    const json = JSON.stringify({ singletons: [{ tool: 'github/get_issue', reason: 'Alone.' }] });
    const stale = await favindex(['routers', 'apply', '-p', id, '-f', '-', '--version', '0'], { input: json });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/\(HTTP 412 VERSION_MISMATCH\)/);

    const twice = workFile('twice.yaml', `${ROUTERS_YAML}  - {tool: github/get_issue, reason: Twice.}\n`);
    const refused = await favindex(['routers', 'apply', '-p', id, '-f', twice]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\(HTTP 422 VALIDATION_FAILED\)/);
    expect(refused.stderr).toContain('  - singletons[2].tool: github/get_issue is already op get of router issues: a tool is in one place');
    const refusedJson = JSON.parse((await favindex(['routers', 'apply', '-p', id, '-f', twice, '--json'])).stderr);
    expect(refusedJson).toMatchObject({ exit_code: 1, status: 422, error_code: 'VALIDATION_FAILED', cited_rule: '§routers' });
    expect((await api('GET', `/api/projects/${id}/routers`)).body).toMatchObject({ version: 1, ops: 2 });

    const undone = await favindex(['routers', 'undo', '-p', id, '--version', '1']);
    expect(undone.stdout).toBe(`Routers of ${id}: undid version 1; now version 2, 0 routers of 0 ops, 0 singletons.\n`);
    expect(JSON.parse((await favindex(['routers', 'undo', '-p', id, '--json'])).stdout)).toMatchObject({ project: id, version: 3, undid: 2, ops: 2 });

    const history = await favindex(['routers', 'history', '-p', id]);
    expect(history.stdout).toMatch(new RegExp(`^Routers history of ${id}: version 3 in force\n`));
    expect(history.stdout).toMatch(
      /\n {5}2 {2}\S+ {2}cli {3}removed 1 router issues · unplaced github\/get_issue, github\/list_issues, github\/search_code, jira\/create_ticket\n/,
    );
    const changes = (await api('GET', `/api/projects/${id}/routers/history`)).body.changes;
    expect(changes.map((c: { via: string }) => c.via)).toEqual(['cli', 'cli', 'cli']);
  });

  it('suggests routers with what each saves and where each tool placed nowhere goes, and applies one by name as a version undo takes back', async () => {
    const id = await newProject(api, 'cli-routers-suggest');
    const github = DEMO_SERVERS.find((s) => s.server === 'github');
    expect((await api('PUT', `/api/projects/${id}/catalog/github`, { tools: github?.tools })).status).toBe(201);
    const listed = await favindex(['routers', 'suggest', '-p', id, '--limit', '2']);
    expect(listed.code).toBe(0);
    const answer = (await api('GET', `/api/projects/${id}/routers/suggestions?limit=2&unplacedLimit=2`)).body;
    const [top] = answer.suggestions.items;
    expect(listed.stdout).toMatch(new RegExp(`^Routers of ${id} \\(version 0\\): ${answer.presented.tools} tools presented in the routers mode, budget 30`));
    expect(listed.stdout).toContain(`\n  ${top.router.name} (${top.router.ops.length} ops, saves ${top.saves.tools.saved} tool`);
    expect(listed.stdout).toContain(`\n  ${answer.unplaced.items[0].tool} → `);
    expect(JSON.parse((await favindex(['routers', 'suggest', '-p', id, '--limit', '2', '--json'])).stdout)).toEqual(answer);

    const applied = await favindex(['routers', 'apply-suggestion', '-p', id, top.router.name]);
    expect(applied.stdout).toMatch(
      new RegExp(`^Routers of ${id}: applied ${top.router.name} \\(saves .*\\): version 1; favindex routers undo takes it back\\.\n$`),
    );
    expect((await api('GET', `/api/projects/${id}/routers`)).body.routers).toEqual([top.router]);
    const unknown = await favindex(['routers', 'apply-suggestion', '-p', id, top.router.name]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`no suggested router is named ${top.router.name}`);
    expect((await favindex(['routers', 'undo', '-p', id])).stdout).toContain('undid version 1; now version 2, 0 routers');
  });
});
