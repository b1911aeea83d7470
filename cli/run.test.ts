import { describe, expect, it } from 'vitest';
import { parseBakeoffTasks } from '@/lib/bakeoff/tasks';
import { EXIT } from './exit-codes';
import type { Io } from './output';
import { runCli } from './run';

/** The CLI with buffers for streams and no server: what it decides before it sends anything. */
async function cli(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '', env };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

describe('favindex command line', () => {
  it('prints help with every command and the exit codes, and a command’s own help', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(EXIT.OK);
    for (const word of ['suggest', 'impact', 'favourites', 'export', 'apply', 'catalog push', 'Exit codes', 'FAVINDEX_TOKEN'])
      expect(help.stdout).toContain(word);
    const pin = await cli(['favourites', '--help']);
    expect(pin.stdout).toContain('favindex favourites pin --project P TOOL...');
    expect((await cli([])).code).toBe(EXIT.BAD_ARGUMENTS);
  });

  it('bakeoff --help shows the tasks file by an example that works when copied out', async () => {
    const help = (await cli(['bakeoff', '--help'])).stdout;
    const example = help.split('For example:\n\n')[1]?.split('\n\n')[0]?.replace(/^ {4}/gm, '') ?? '';
    const { tasks } = parseBakeoffTasks(example);
    expect(tasks.map((t) => [t.id, t.target])).toEqual([
      ['weekly-report', 'reports/run_report'],
      ['new-contact', 'crm/create_contact'],
    ]);
    expect(help).toContain("spec.bakeoffTasks of the project's YAML holds the same list");
  });

  it('refuses bad arguments with exit code 2 before talking to any server', async () => {
    const url = { FAVINDEX_URL: 'http://127.0.0.1:9' };
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['--json', 'suggest'], /put the command first/],
      [['suggest', '--bogus'], /Unknown option '--bogus'/],
      [['suggest'], /which project\?/],
      [['suggest', '-p', 'x', '--top', 'many'], /--top must be a whole number/],
      [['suggest', '-p', 'x', '--top', '129'], /--top must be 1 to 128/],
      [['suggest', '-p', 'x', '--window', '400d'], /--window must be 1 to 365/],
      [['suggest', '-p', 'x', '--url', 'ftp://example.com'], /not an http\(s\) URL/],
      [['favourites', 'shuffle', '-p', 'x'], /unknown favourites action 'shuffle'/],
      [['favourites', 'pin', '-p', 'x'], /needs at least one server\/tool name/],
      [['favourites', 'pin', '-p', 'x', 'a/b', 'c/d', '--position', '1'], /one tool at a time/],
      [['export'], /export which project\?/],
      [['apply'], /-f FILE/],
      [['apply', '-f', '/no/such/file.yaml'], /cannot read \/no\/such\/file.yaml: no such file/],
      [['catalog', 'push', '-p', 'x', '--server', 'bad name', '--', 'node'], /is not a server name/],
      [['catalog', 'push', '-p', 'x', '--server', 'ok'], /command after --/],
      [['suggest', '-p', 'x', '--', 'extra'], /takes nothing after --/],
      [['impact'], /which project\?/],
      [['impact', '-p', 'x', '--revision', '2', '--favourites-version', '3'], /--revision or --favourites-version, not both/],
      [['impact', '-p', 'x', '--window', '91'], /--window must be 1 to 90/],
      [['impact', '-p', 'x', '--measure', 'happiness'], /--measure must be one of callsPerSession/],
      [['impact', '-p', 'x', '--backtest', '--weeks', '60'], /--weeks must be 1 to 52/],
      [['impact', '-p', 'x', 'now'], /impact takes no arguments/],
      [['proxy', '-p', 'x', '--config', 'servers.json', '--max-message-mb', '0'], /--max-message-mb must be 0\.01 to 1024 MiB, not '0'/],
    ];
    for (const [argv, message] of cases) {
      const run = await cli(argv, url);
      expect(run.code, argv.join(' ')).toBe(EXIT.BAD_ARGUMENTS);
      expect(run.stderr, argv.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('reports an unreachable server as exit code 3, as one JSON object with --json', async () => {
    const run = await cli(['favourites', 'list', '-p', 'x', '--json', '--url', 'http://127.0.0.1:9']);
    expect(run.code).toBe(EXIT.UNREACHABLE);
    expect(JSON.parse(run.stderr)).toMatchObject({ exit_code: 3, message: expect.stringContaining('cannot reach favindex at http://127.0.0.1:9') });
  });
});
