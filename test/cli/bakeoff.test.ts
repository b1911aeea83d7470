import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJsonl } from '@/lib/bakeoff/results';
import { serialiseBakeoffTasks } from '@/lib/bakeoff/tasks';
import { BAKEOFF_SERVERS, BAKEOFF_TASKS } from '@/test/bakeoff-catalog';
import { freePort } from '@/test/mcp-server';
import { type ChatRequest, ScriptedModel } from '@/test/scripted-model';
import { ROOT, cliServer } from './run-cli';

/** `favindex bakeoff` end to end: the built server's previews, the installed command, a scripted OpenAI-compatible model. */
const cli = cliServer('cli-bakeoff');
const favindex = cli.favindex;
const { api } = cli;
const model = new ScriptedModel({ models: { strong: { wanderPerTool: 0.005 }, exact: { wanderPerTool: 0 } } });
let endpoint: string;

beforeAll(async () => {
  endpoint = await model.start();
  expect((await api('POST', '/api/projects', { id: 'cli-bakeoff' })).status).toBe(201);
  for (const server of BAKEOFF_SERVERS)
    expect((await api('PUT', `/api/projects/cli-bakeoff/catalog/${server.name}`, { tools: server.tools })).status).toBe(201);
  fs.writeFileSync(path.join(cli.workDir, 'tasks.yaml'), serialiseBakeoffTasks({ tasks: BAKEOFF_TASKS }));
});
afterAll(() => model.stop());

/** A command line as the user types it: words split on spaces (no argument here holds one). */
const words = (line: string) => line.split(' ');

const bakeoffArgs = (extra: string[] = []) => [
  ...words(`bakeoff -p cli-bakeoff --tasks tasks.yaml --endpoint ${endpoint} --model strong --presentation eager=eager --presentation lazy=lazy --runs 4`),
  ...extra,
];
const bakeoff = (extra: string[] = []) => favindex(bakeoffArgs(extra), { env: { OPENAI_API_KEY: 'sk-cli-test' } });

describe('favindex bakeoff', () => {
  it('runs every cell, prints the table and the verdict, exits 6 with --fail-if-worse, and resumes without running a cell twice', async () => {
    const first = await bakeoff(['--fail-if-worse']);
    expect(first.code, first.stderr).toBe(6);
    expect(first.stdout).toContain(
      'Bake-off of cli-bakeoff: 5 task(s) × 2 presentation(s) × 1 model(s) × 4 run(s); 40 cell(s) run now, 0 already in bakeoff-results.jsonl.',
    );
    expect(first.stdout).toMatch(/^\| presentation \| model \| n \| target right first time \|/m);
    expect(first.stdout).toMatch(/^\| eager \| strong \| 20 \| \d+% \[\d+%, \d+%\] \|/m);
    expect(first.stdout).toMatch(/^\| lazy \| strong \| 20 \| 0% \[0%, \d+%\] \|/m);
    expect(first.stderr).toMatch(/lazy loses to eager over all models by \d+ ± \d+ points: clear/);
    // The contact task's long schema draws wrong keys from the scripted model: shown in the product's classes.
    expect(first.stdout).toMatch(/^calls that failed, eager × strong: .*(\d+ missing required|\d+ unexpected key)/m);
    expect(first.stderr).toMatch(/^\[40\/40\] /m);
    const file = path.join(cli.workDir, 'bakeoff-results.jsonl');
    const text = fs.readFileSync(file, 'utf8');
    expect(fromJsonl(text)).toHaveLength(40);
    // The key went to the endpoint and nowhere else.
    expect(model.requests.every((r) => r.headers.authorization === 'Bearer sk-cli-test')).toBe(true);
    expect(text).not.toContain('sk-cli-test');

    const asked = model.requests.length;
    const again = await bakeoff(['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ran: 0, alreadyDone: 40, failed: 0 });
    expect(model.requests.length).toBe(asked);

    // A run killed while writing its last line: that cell runs again, the others do not.
    fs.writeFileSync(file, text.slice(0, text.length - 20));
    const resumed = await bakeoff(['--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('its last line was cut short');
    expect(JSON.parse(resumed.stdout)).toMatchObject({ ran: 1, alreadyDone: 39 });
    expect(fromJsonl(fs.readFileSync(file, 'utf8'))).toHaveLength(40);
  });

  it('--upload keeps the run in the project: refused without bakeoffs:write before any cell is lost, then kept with the table the CLI printed', async () => {
    const token = async (scopes: string[]) =>
      (await api('POST', '/api/projects/cli-bakeoff/tokens', { name: `bakeoff-${scopes.length}`, scopes })).body.token as string;
    const readOnly = await token(['surface:read']);
    const uploads = ['--out', 'upload.jsonl', '--upload', '--name', 'eager against lazy'];
    const refused = await favindex(bakeoffArgs(['--token', readOnly, '--runs', '2', ...uploads]), { env: { OPENAI_API_KEY: 'sk-cli-test' } });
    expect(refused.code, refused.stderr).toBe(4);
    expect(refused.stderr).toContain('bakeoffs:write');
    expect(fromJsonl(fs.readFileSync(path.join(cli.workDir, 'upload.jsonl'), 'utf8'))).toHaveLength(20);

    const asked = model.requests.length;
    const writer = await token(['surface:read', 'bakeoffs:write']);
    const kept = await favindex(bakeoffArgs(['--token', writer, '--runs', '2', ...uploads, '--json']), { env: { OPENAI_API_KEY: 'sk-cli-test' } });
    expect(kept.code, kept.stderr).toBe(0);
    expect(model.requests.length, 'the upload ran no cell again').toBe(asked);
    const printed = JSON.parse(kept.stdout);
    expect(printed).toMatchObject({ ran: 0, alreadyDone: 20, uploaded: { id: expect.stringMatching(/^run-/) } });
    expect(printed.uploaded.url).toBe(`${cli.url}/projects/cli-bakeoff/bakeoff?run=${printed.uploaded.id}`);
    const view = (await api('GET', `/api/projects/cli-bakeoff/bakeoffs/${printed.uploaded.id}`)).body;
    expect(view).toMatchObject({ name: 'eager against lazy', createdBy: 'bakeoff-2', cells: 20, transcripts: 20 });
    expect(view.table).toEqual(printed.table);
    expect(view.verdicts.map((v: { wording: string }) => v.wording)).toEqual(printed.verdicts.map((v: { wording: string }) => v.wording));
    // The key went to the endpoint only: not into the project.
    const exported = await api('GET', `/api/projects/cli-bakeoff/bakeoffs/${printed.uploaded.id}/transcripts`);
    expect(exported.text).toBe(fs.readFileSync(path.join(cli.workDir, 'upload.jsonl'), 'utf8'));
    expect(JSON.stringify(view)).not.toContain('sk-cli-test');

    const badName = await favindex(bakeoffArgs(['--presentation', 'two words=eager', '--upload']));
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('--presentation two words: cannot be uploaded: id must be a slug');
  });

  it('runs the tasks the project keeps when --tasks is left out, and says how to keep some when it has none', async () => {
    expect((await api('POST', '/api/projects', { id: 'cli-bakeoff-empty' })).status).toBe(201);
    const none = await favindex(['bakeoff', '-p', 'cli-bakeoff-empty', '--endpoint', endpoint, '--model', 'strong', '--presentation', 'e=eager']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('cli-bakeoff-empty keeps no bake-off tasks: give --tasks FILE, or keep them under spec.bakeoffTasks');

    const list = serialiseBakeoffTasks({ tasks: BAKEOFF_TASKS }).replace(/^tasks:\n/, '');
    const document = `${(await api('GET', '/api/projects/cli-bakeoff/yaml')).text}  bakeoffTasks:\n${list.replace(/^/gm, '  ').trimEnd()}\n`;
    const applied = await api('POST', '/api/yaml/apply', document, { 'content-type': 'application/yaml' });
    expect(applied.status, applied.text).toBe(200);
    const kept = await favindex(words(`bakeoff -p cli-bakeoff --endpoint ${endpoint} --model strong --presentation e=eager --runs 1 --out kept.jsonl --json`), {
      env: { OPENAI_API_KEY: 'sk-cli-test' },
    });
    expect(kept.code, kept.stderr).toBe(0);
    expect(JSON.parse(kept.stdout)).toMatchObject({ ran: BAKEOFF_TASKS.length, alreadyDone: 0 });
    const ran = fromJsonl(fs.readFileSync(path.join(cli.workDir, 'kept.jsonl'), 'utf8')).map((t) => t.key.taskId);
    expect(ran.sort()).toEqual(BAKEOFF_TASKS.map((t) => t.id).sort());
  });

  it('killed with SIGKILL mid-run and run again, gives the table of a run that never stopped', async () => {
    const args = (out: string) =>
      words(
        `bakeoff -p cli-bakeoff --tasks tasks.yaml --endpoint ${endpoint} --model strong --model weak --presentation eager=eager --presentation lazy=lazy --runs 20 --out ${out} --json`,
      );
    const tableOf = (stdout: string) =>
      (JSON.parse(stdout).table.rows as { values: Record<string, unknown> }[]).map(({ values: { wallMs: _, ...values }, ...row }) => ({ ...row, values }));
    const whole = await favindex(args('whole.jsonl'));
    expect(whole.code, whole.stderr).toBe(0);

    const file = path.join(cli.workDir, 'killed.jsonl');
    const child = spawn('favindex', args('killed.jsonl'), { cwd: cli.workDir, env: { ...process.env, ...cli.env }, stdio: 'ignore' });
    const lines = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').length - 1 : 0);
    while (lines() < 60 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const atKill = lines();
    // Not vacuous: it died with cells still to run.
    expect(atKill).toBeGreaterThanOrEqual(60);
    expect(atKill).toBeLessThan(400);

    const resumed = await favindex(args('killed.jsonl'));
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout);
    expect(summary.ran + summary.alreadyDone).toBe(400);
    expect(summary.alreadyDone).toBeGreaterThanOrEqual(atKill - 1);
    expect(fromJsonl(fs.readFileSync(file, 'utf8'))).toHaveLength(400);
    expect(tableOf(resumed.stdout)).toEqual(tableOf(whole.stdout));
  });

  it('previews a proposed favourites list for a presentation: the model is shown it, the stored favourites are not changed', async () => {
    model.requests.length = 0;
    const out = await favindex(
      words(
        `bakeoff -p cli-bakeoff --tasks tasks.yaml --endpoint ${endpoint} --model strong --runs 1 --out fav.jsonl --json --presentation now=favindex --presentation proposed=favindex,favourites=reports/run_report+crm/create_contact`,
      ),
    );
    expect(out.code, out.stderr).toBe(0);
    const shown = (presentation: string) =>
      new Set(
        model.requests
          .filter((r) => r.headers['x-favindex-bakeoff-cell']!.includes(`/${presentation}/`))
          .flatMap((r) => ((r.body as ChatRequest).tools ?? []).map((t) => t.function.name)),
      );
    const favourites = (names: Set<string>) => [...names].filter((n) => n.startsWith('fav_')).sort();
    expect(favourites(shown('now'))).toEqual([]);
    expect(favourites(shown('proposed'))).toEqual(['fav_create_contact', 'fav_run_report']);
    expect((await api('GET', '/api/projects/cli-bakeoff/favourites')).body).toMatchObject({ tools: [] });
  });

  it('--servers: a tool without a fixture is called on the real server, a fixture still answers for its tool, a server that does not start stops the run first', async () => {
    const everything = ['node', path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
    expect((await api('POST', '/api/projects', { id: 'cli-bakeoff-live' })).status).toBe(201);
    const pushed = await favindex(['catalog', 'push', '-p', 'cli-bakeoff-live', '--server', 'everything', '--', ...everything]);
    expect(pushed.code, pushed.stderr).toBe(0);
    const pinned = { content: [{ type: 'text', text: 'from the fixture' }] };
    const tasks = [
      { id: 'live', prompt: 'echo message=hello-live', target: 'everything/echo' },
      { id: 'pinned', prompt: 'echo message=hello-pinned', target: 'everything/echo', fixtures: { 'everything/echo': pinned } },
    ];
    fs.writeFileSync(path.join(cli.workDir, 'live.yaml'), serialiseBakeoffTasks({ tasks }));
    const servers = (entries: Record<string, unknown>) => JSON.stringify({ mcpServers: entries });
    const elsewhere = { command: 'node', args: ['-e', ''] };
    fs.writeFileSync(path.join(cli.workDir, 'servers.json'), servers({ everything: { command: everything[0], args: everything.slice(1) }, elsewhere }));
    const liveRun = (extra: string) =>
      favindex(words(`bakeoff -p cli-bakeoff-live --tasks live.yaml --endpoint ${endpoint} --model exact --presentation e=eager --runs 1 ${extra}`));
    /** What the tools answered the model, per task, as the model was sent it. */
    const answered = (task: string) =>
      model.requests
        .filter((r) => r.headers['x-favindex-bakeoff-cell']?.startsWith(`${task}/`))
        .flatMap((r) => (r.body as ChatRequest).messages.filter((m) => m.role === 'tool').map((m) => m.content ?? ''))
        .join('\n');

    model.requests.length = 0;
    const live = await liveRun('--out live.jsonl --servers servers.json');
    expect(live.code, live.stderr).toBe(0);
    expect(live.stderr).toContain("--servers: elsewhere is not a server of the project's catalog; it is not started");
    expect(answered('live')).toContain('Echo: hello-live');
    expect(answered('pinned')).toContain('from the fixture');
    expect(answered('pinned')).not.toContain('Echo:');

    // Without --servers, the same call answers a plain success: nothing runs.
    model.requests.length = 0;
    const canned = await liveRun('--out canned.jsonl');
    expect(canned.code, canned.stderr).toBe(0);
    expect(answered('live')).toContain('{"ok":true}');
    expect(answered('live')).not.toContain('Echo:');

    fs.writeFileSync(path.join(cli.workDir, 'broken.json'), servers({ everything: { command: 'node', args: ['-e', 'process.exit(3)'] } }));
    const asked = model.requests.length;
    const broken = await liveRun('--out broken.jsonl --servers broken.json');
    expect(broken.code).toBe(5);
    expect(broken.stderr).toContain('--servers: everything (node -e process.exit(3)) did not start');
    expect(model.requests.length, 'refused before the model was asked anything').toBe(asked);
    expect(fs.existsSync(path.join(cli.workDir, 'broken.jsonl'))).toBe(false);
  });

  it('stops at once with one line and exit 7 on an endpoint that refuses connections: no cell failed per cell, no results file', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    const timed = async (tasks: string, out: string) => {
      const started = performance.now();
      const run = await favindex(words(`bakeoff -p cli-bakeoff --tasks ${tasks} --endpoint ${closed} --model strong --presentation e=eager --out ${out}`));
      return { ...run, seconds: (performance.now() - started) / 1000 };
    };
    // The same command, refused just before its first model request (a target the catalog lacks):
    // what starting the CLI and reading the previews costs on this machine, under its load.
    fs.writeFileSync(path.join(cli.workDir, 'absent-target.yaml'), 'tasks:\n  - id: one\n    prompt: hi\n    target: jira/create_ticket\n');
    const before = await timed('absent-target.yaml', 'closed.jsonl');
    expect(before.code, before.stderr).toBe(2);
    const refused = await timed('tasks.yaml', 'closed.jsonl');
    expect(refused.code, refused.stderr).toBe(7);
    // It was 132 s for 2 cells: 7 tries each, 63 s of backoff per cell.
    expect(refused.seconds - before.seconds, `${refused.seconds} s against ${before.seconds} s`).toBeLessThan(5);
    expect(refused.stderr.split('\n')[0]).toBe(`favindex: the model endpoint ${closed}/chat/completions refused the connection (ECONNREFUSED)`);
    expect(refused.stderr).toContain(`→ check --endpoint ${closed}: is the model server running, at that host and port?`);
    expect(refused.stderr).not.toMatch(/^\[\d+\//m);
    expect(fs.existsSync(path.join(cli.workDir, 'closed.jsonl'))).toBe(false);
  });

  it('refuses a task file that does not parse with where it breaks, and a results file with the line that is not a transcript', async () => {
    fs.writeFileSync(path.join(cli.workDir, 'bad.yaml'), 'tasks:\n  - id: one\n    prompt: hi\n    target: not-canonical\n');
    const bad = await favindex(['bakeoff', '-p', 'cli-bakeoff', '--tasks', 'bad.yaml', '--endpoint', endpoint, '--model', 'm', '--presentation', 'e=eager']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--tasks bad\.yaml: .*task 'one', target/);
    fs.writeFileSync(path.join(cli.workDir, 'broken.jsonl'), '{"not": "a transcript"}\n');
    const broken = await favindex(
      words(`bakeoff -p cli-bakeoff --tasks tasks.yaml --endpoint ${endpoint} --model m --presentation e=eager --out broken.jsonl`),
    );
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('broken.jsonl: line 1 of the results is not a transcript');
    const mode = await favindex(words(`bakeoff -p cli-bakeoff --tasks tasks.yaml --endpoint ${endpoint} --model m --presentation e=everything`));
    expect(mode.code).toBe(2);
    expect(mode.stderr).toContain('everything is not a mode');
    const twice = await favindex(
      words(`bakeoff -p cli-bakeoff --tasks tasks.yaml --endpoint ${endpoint} --model m --presentation e=eager --presentation e=lazy`),
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('two presentations are named e');
    fs.writeFileSync(path.join(cli.workDir, 'elsewhere.yaml'), 'tasks:\n  - id: one\n    prompt: hi\n    target: jira/create_ticket\n');
    const asked = model.requests.length;
    const absent = await favindex(
      words(`bakeoff -p cli-bakeoff --tasks elsewhere.yaml --endpoint ${endpoint} --model m --presentation e=eager --out none.jsonl`),
    );
    expect(absent.code).toBe(2);
    expect(absent.stderr).toContain("task 'one': its target jira/create_ticket is not in cli-bakeoff's catalog (44 tools;");
    // Refused before any call to the model, and no results file made.
    expect(model.requests.length).toBe(asked);
    expect(fs.existsSync(path.join(cli.workDir, 'none.jsonl'))).toBe(false);
  });
});
