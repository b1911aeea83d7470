import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { ApiError } from '@/lib/errors';
import { listAllTools } from '@/mcp/fetch-tools';
import { SERVER_NAME_RE } from '@/lib/names/canonical';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { requireProject, stringValue } from '../args';
import type { Command } from '../command';
import { badArguments, CliError, EXIT } from '../exit-codes';
import { printJson, shellQuote } from '../output';
import { errorMessage, errorCode } from '@/lib/thrown';

const STDERR_TAIL = 2_000;

export const catalogCommand: Command = {
  name: 'catalog',
  summary: 'start a stdio MCP server, read its tools/list and upload it as a catalog server',
  help: `favindex catalog push --project P --server NAME -- COMMAND [ARGS...]

  Starts COMMAND as an MCP server over stdio (with this environment), reads every page of its
  tools/list, stops it, and uploads the list as catalog server NAME (PUT
  /api/projects/P/catalog/NAME). A changed list is a new catalog version. Exit code 5 when the
  MCP server cannot be started or does not list its tools. Scope for a token: catalog:write.

  favindex catalog push -p my-agent --server everything -- npx -y @modelcontextprotocol/server-everything stdio`,
  options: { server: { type: 'string' } },

  async run({ parsed, io, client, afterDashes }) {
    const [action, ...extra] = parsed.positionals;
    if (action !== 'push')
      throw badArguments(action ? `unknown catalog action '${action}'` : 'catalog needs an action', 'use favindex catalog push --server NAME -- COMMAND');
    if (extra.length > 0) throw badArguments(`put the MCP server's command after --, e.g. -- ${extra.map(shellQuote).join(' ')}`);
    const project = requireProject(parsed.global);
    const server = stringValue(parsed.values.server);
    if (!server) throw badArguments('catalog push needs --server NAME: the name the catalog will know this server by');
    if (!SERVER_NAME_RE.test(server)) throw badArguments(`--server '${server}' is not a server name: 1–64 of [A-Za-z0-9_.-], starting with a letter or digit`);
    const [command, ...args] = afterDashes;
    if (!command) throw badArguments("catalog push needs the MCP server's command after --, e.g. -- npx -y @modelcontextprotocol/server-everything stdio");

    const label = [command, ...args].map(shellQuote).join(' ');
    const tools = await readStdioTools(command, args, label, parsed.global.timeoutMs);
    const answer = await client.call(CATALOG_ENDPOINTS.upload, { id: project, server }, { json: { tools } });
    const result = answer.data;
    if (parsed.global.json) return printJson(io, { ...result, toolCount: tools.length, command: [command, ...args] });
    const lines = [`Read ${tools.length} tool${tools.length === 1 ? '' : 's'} from \`${label}\`.`];
    if (!result.changed) lines.push(`${project}/${server}: unchanged (catalog version ${result.version}).`);
    else if (answer.status === 201) lines.push(`${project}/${server}: new catalog server, version ${result.version}.`);
    else {
      const parts = [
        result.added.length ? `added ${result.added.join(', ')}` : '',
        result.removed.length ? `removed ${result.removed.join(', ')}` : '',
        result.changedTools.length ? `changed ${result.changedTools.join(', ')}` : '',
      ].filter(Boolean);
      lines.push(`${project}/${server}: catalog version ${result.version}: ${parts.join('; ') || 'tool details changed'}.`);
    }
    if (result.resolvedCalls > 0) lines.push(`${result.resolvedCalls} unresolved call${result.resolvedCalls === 1 ? '' : 's'} now resolve to this server.`);
    io.stdout(`${lines.join('\n')}\n`);
  },
};

/** Start the server, read every page of tools/list (lib/mcp, as live sync does), and stop it. */
async function readStdioTools(command: string, args: string[], label: string, timeoutMs: number): Promise<CatalogTool[]> {
  // The SDK wants defined values; an unset variable is absent from process.env, not undefined.
  const transport = new StdioClientTransport({ command, args, env: process.env as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL)));
  const client = new Client({ name: 'favindex-cli', version: '0.1.0' }, { capabilities: {} });
  const failed = (message: string, suggestedAction: string) => {
    const tail = stderr.trim()
      ? `\n  its stderr ended with:\n${stderr
          .trimEnd()
          .split('\n')
          .slice(-10)
          .map((l) => `    ${l}`)
          .join('\n')}`
      : '';
    return new CliError(EXIT.MCP_SERVER, `${message}${tail}`, { suggestedAction });
  };
  try {
    try {
      await client.connect(transport, { timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const code = errorCode(err);
      throw failed(
        code === 'ENOENT'
          ? `cannot start the MCP server: '${command}' was not found`
          : `the MCP server \`${label}\` did not start an MCP session: ${errorMessage(err)}`,
        'check the command after --: run it by hand, it should wait for MCP messages on stdin',
      );
    }
    if (!client.getServerCapabilities()?.tools) throw failed(`the MCP server \`${label}\` offers no tools`, 'push a server that offers tools');
    try {
      return await listAllTools(client, `stdio \`${label}\``, timeoutMs);
    } catch (err) {
      if (err instanceof ApiError) throw failed(err.message, err.suggestedAction);
      throw err;
    }
  } finally {
    await client.close().catch(() => {});
  }
}
