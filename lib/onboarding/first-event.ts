/**
 * The first event a new project is sent: a ready-to-run `curl` with the project, the server's
 * address and (when one was just made) the token filled in, carrying one sample tool call.
 */

/** What the command sends when no token is at hand: the shell fills it in from the environment. */
export const TOKEN_PLACEHOLDER = '$FAVINDEX_TOKEN';

/** The tool a sample event calls when the catalog has none yet: it is stored, as unresolved. */
export const SAMPLE_TOOL = 'example/hello';

export interface FirstEventInput {
  /** Where this favindex answers, e.g. http://127.0.0.1:3000. */
  origin: string;
  projectId: string;
  /** A token with events:write, or null for the TOKEN_PLACEHOLDER. */
  token: string | null;
  /** A canonical name of the project's catalog, so the event resolves. */
  tool: string | null;
  now: Date;
}

export function sampleEvent(input: Pick<FirstEventInput, 'tool' | 'now'>) {
  return {
    id: `first-${input.now.getTime().toString(36)}`,
    timestamp: input.now.toISOString(),
    tool: input.tool ?? SAMPLE_TOOL,
    sessionId: 'first-session',
    status: 'ok',
  };
}

/** `'…'` for a POSIX shell: nothing inside is expanded; a `'` is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function firstEventCommand(input: FirstEventInput): string {
  const url = `${input.origin}/api/projects/${encodeURIComponent(input.projectId)}/events`;
  // The placeholder is double-quoted so the shell expands it; a real token needs no expansion.
  const auth = input.token ? shellQuote(`authorization: Bearer ${input.token}`) : `"authorization: Bearer ${TOKEN_PLACEHOLDER}"`;
  return [
    `curl -s -X POST ${shellQuote(url)} \\`,
    `  -H ${auth} \\`,
    `  -H 'content-type: application/x-ndjson' \\`,
    `  --data-binary ${shellQuote(JSON.stringify(sampleEvent(input)))}`,
  ].join('\n');
}

/**
 * `favindex catalog push` for this project, to read a stdio MCP server's tools from the shell.
 * `cli` is how to run favindex here (`node …/bin/favindex.mjs` from the server's checkout), since
 * a fresh checkout has no `favindex` on the PATH.
 */
export function catalogPushCommand(origin: string, projectId: string, cli = 'favindex'): string {
  return `${cli} catalog push --url ${shellQuote(origin)} -p ${shellQuote(projectId)} --server <name> -- <the MCP server's command>`;
}
