import type { OptionSpec, ParsedCommand } from './args';
import type { ApiClient } from './client';
import type { Io } from './output';

export interface CommandContext {
  parsed: ParsedCommand;
  io: Io;
  client: ApiClient;
  /** What followed a `--` on the command line (catalog push: the MCP server's command). */
  afterDashes: string[];
}

/** One CLI command (`favourites pin` is the command `favourites` with the positional `pin`). */
export interface Command {
  name: string;
  summary: string;
  /** The command's own help: usage lines, options, examples. */
  help: string;
  options: Record<string, OptionSpec>;
  run(ctx: CommandContext): Promise<void>;
}
