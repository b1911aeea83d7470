import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { routersConfigSchema } from '@/lib/schemas/routers';
import { EXIT } from '../exit-codes';
import type { Io } from '../output';
import { runCli } from '../run';

/** favindex routers with buffers for streams, stdin as given, and no server: what it decides before it sends anything. */
async function routers(argv: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => stdin, env: { FAVINDEX_URL: 'http://127.0.0.1:9' } };
  const code = await runCli(['routers', ...argv], io);
  return { code, stdout, stderr };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-routers-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

describe('favindex routers', () => {
  it('shows its usage with an example file, listed in the commands', async () => {
    const help = await routers(['--help']);
    expect(help.code).toBe(EXIT.OK);
    expect(help.stdout).toContain('favindex routers apply --project P -f FILE [--version N]');
    // The example works when copied out: it is routers the schema takes.
    const example = help.stdout.split('for example:\n\n')[1]?.split('\n\n')[0]?.replace(/^ {4}/gm, '') ?? '';
    expect(routersConfigSchema.parse(parse(example)).routers[0]?.ops.map((o) => o.op)).toEqual(['get', 'list']);
    let main = '';
    expect(await runCli(['--help'], { stdout: (t) => (main += t), stderr: () => {}, readStdin: async () => '', env: {} })).toBe(EXIT.OK);
    expect(main).toMatch(/^ {2}routers {7}show, apply, suggest, list the history of or undo the routers$/m);
    expect(help.stdout).toContain('favindex routers apply-suggestion --project P NAME');
  });

  it('refuses bad arguments and unreadable files with exit code 2 before talking to any server', async () => {
    const project = file('project.yaml', 'apiVersion: favindex/v1\nkind: Project\nmetadata: {name: x}\nspec: {}\n');
    const cases: [string[], RegExp, string?][] = [
      [['shuffle', '-p', 'x'], /unknown routers action 'shuffle'/],
      [['show'], /which project\?/],
      [['show', '-p', 'x', 'extra'], /takes no more arguments/],
      [['show', '-p', 'x', '-f', 'a.yaml'], /-f goes with apply/],
      [['history', '-p', 'x', '--version', '2'], /--version goes with apply or undo/],
      [['undo', '-p', 'x', '--limit', '2'], /--limit goes with history or suggest/],
      [['show', '-p', 'x', '--offset', '2'], /--offset goes with suggest/],
      [['suggest', '-p', 'x', '--limit', '0'], /--limit must be 1 to 200/],
      [['suggest', '-p', 'x', '--offset', 'first'], /--offset must be a whole number/],
      [['suggest', '-p', 'x', 'github_issue'], /takes no more arguments/],
      [['apply-suggestion', '-p', 'x'], /apply-suggestion needs the suggested router's name/],
      [['apply-suggestion', '-p', 'x', 'a', 'b'], /takes no more arguments \(got b\)/],
      [['undo', '-p', 'x', '--version', 'latest'], /--version must be a whole number/],
      [['history', '-p', 'x', '--limit', '500'], /--limit must be 1 to 200/],
      [['apply', '-p', 'x'], /-f FILE \(YAML or JSON\)/],
      [['apply', '-p', 'x', '-f', '/no/such/routers.yaml'], /cannot read \/no\/such\/routers.yaml: no such file/],
      [['apply', '-p', 'x', '-f', file('bad.yaml', 'routers: [\n')], /is not YAML or JSON/],
      [['apply', '-p', 'x', '-f', file('twice.yaml', 'singletons: []\nsingletons: []\n')], /is not YAML or JSON: .*unique/i],
      [['apply', '-p', 'x', '-f', file('two.yaml', 'routers: []\n---\nsingletons: []\n')], /holds 2 documents/],
      [['apply', '-p', 'x', '-f', file('list.json', '[1, 2]')], /holds no mapping/],
      [['apply', '-p', 'x', '-f', project], /is a project document: apply it with favindex apply/],
      [['apply', '-p', 'x', '-f', '-'], /holds no mapping/, ''],
    ];
    for (const [argv, message, stdin] of cases) {
      const run = await routers(argv, stdin);
      expect(run.code, argv.join(' ')).toBe(EXIT.BAD_ARGUMENTS);
      expect(run.stderr, argv.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('reads a JSON file and YAML on stdin alike, and sends them (here to no server: exit 3)', async () => {
    const json = file('routers.json', JSON.stringify({ singletons: [{ tool: 'github/search_code', reason: 'Alone.' }] }));
    expect((await routers(['apply', '-p', 'x', '-f', json])).code).toBe(EXIT.UNREACHABLE);
    expect((await routers(['apply', '-p', 'x', '-f', '-'], 'singletons:\n  - {tool: github/search_code, reason: Alone.}\n')).code).toBe(EXIT.UNREACHABLE);
  });
});
