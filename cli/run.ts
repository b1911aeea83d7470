import { DEFAULT_URL, parseCommand } from './args';
import { ApiClient } from './client';
import type { Command } from './command';
import { applyCommand } from './commands/apply';
import { argumentsCommand } from './commands/arguments';
import { bakeoffCommand } from './commands/bakeoff';
import { catalogCommand } from './commands/catalog-push';
import { exportCommand } from './commands/export';
import { favouritesCommand } from './commands/favourites';
import { proxyCommand } from './commands/proxy';
import { routersCommand } from './commands/routers';
import { impactCommand } from './commands/impact';
import { suggestCommand } from './commands/suggest';
import { badArguments, CliError, EXIT, type ExitCode } from './exit-codes';
import { reportError, type Io } from './output';
import { errorMessage } from '@/lib/thrown';

export const CLI_VERSION = '0.1.0';

const COMMANDS: Command[] = [
  suggestCommand,
  impactCommand,
  bakeoffCommand,
  argumentsCommand,
  favouritesCommand,
  routersCommand,
  exportCommand,
  applyCommand,
  catalogCommand,
  proxyCommand,
];

const HELP = `favindex ${CLI_VERSION}: usage ranking, favourites and catalogs of a favindex server, from the shell

Usage: favindex <command> [options]

Commands:
${COMMANDS.map((c) => `  ${(c.name === 'catalog' ? 'catalog push' : c.name).padEnd(14)}${c.summary}`).join('\n')}

Options for every command:
  --url URL         favindex's address (FAVINDEX_URL; default ${DEFAULT_URL})
  --token TOKEN     a project token, sent as a Bearer (FAVINDEX_TOKEN; needed in password mode)
  -p, --project ID  the project (FAVINDEX_PROJECT)
  --json            machine-readable output on stdout; errors as one JSON object on stderr
  --timeout SEC     how long to wait for the server (default 30)
  -h, --help        this help, or a command's: favindex <command> --help

Exit codes:
  0  done
  1  favindex refused the request (its message and suggested action are printed), or another failure
  2  bad arguments: unknown command or option, a bad value, no project
  3  cannot reach favindex at --url (or what answers is not favindex)
  4  not authorised: no or bad token (401), a missing scope or another project's token (403)
  5  catalog push: the MCP server could not be started or did not list its tools;
     bakeoff --servers: a server did not start
  6  impact --fail-on-worse: the change made a measure of every session worse;
     bakeoff --fail-if-worse: the proposed presentation loses on the chosen metric
  7  bakeoff: the model endpoint cannot serve the run (refuses connections, unknown host,
     401/403/404/405, or asks to wait longer than a bake-off waits)
`;

/** Run one command line; returns the exit code (the process entry point exits with it). */
export async function runCli(argv: string[], io: Io): Promise<ExitCode> {
  const dashes = argv.indexOf('--');
  const before = dashes === -1 ? argv : argv.slice(0, dashes);
  const afterDashes = dashes === -1 ? [] : argv.slice(dashes + 1);
  const [name, ...rest] = before;
  const wantsJson = before.includes('--json');
  try {
    if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
      const command = COMMANDS.find((c) => c.name === rest[0]);
      if (name === undefined) {
        io.stderr(HELP);
        return EXIT.BAD_ARGUMENTS;
      }
      io.stdout(command ? `${command.help}\n` : HELP);
      return EXIT.OK;
    }
    if (name === '--version') {
      io.stdout(`${CLI_VERSION}\n`);
      return EXIT.OK;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) {
      throw name.startsWith('-')
        ? badArguments(`put the command first: favindex <command> [options] (got ${name})`)
        : badArguments(`unknown command '${name}'`, `use one of: ${COMMANDS.map((c) => c.name).join(', ')}`);
    }
    const parsed = parseCommand(rest, command.options, io.env);
    if (parsed.global.help) {
      io.stdout(`${command.help}\n`);
      return EXIT.OK;
    }
    if (afterDashes.length > 0 && command.name !== 'catalog') throw badArguments(`${command.name} takes nothing after --`);
    const client = new ApiClient(parsed.global.url, parsed.global.token, parsed.global.timeoutMs);
    await command.run({ parsed, io, client, afterDashes });
    return EXIT.OK;
  } catch (err) {
    const failure = err instanceof CliError ? err : new CliError(EXIT.API_ERROR, `unexpected failure: ${errorMessage(err)}`);
    reportError(io, failure, wantsJson);
    return failure.exitCode;
  }
}
