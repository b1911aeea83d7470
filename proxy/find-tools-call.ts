import type { CallToolResult } from '@modelcontextprotocol/server';
import { splitCanonical } from '@/lib/names/canonical';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import { MODE_TRAITS } from '@/lib/surface/mode-traits';
import type { CatalogEntry } from '@/lib/surface/prepared-catalog';
import { findTools, presentedList } from '@/lib/surface/presented';
import { activateTools } from '@/lib/surface/session';
import type { CallParams } from '@/mcp/direct-calls';
import { type Answered, toolError } from './call-refusals';
import type { Presenter } from './presenter';
import type { ProxySession } from './session';
import type { CallOutcome } from './traces';

/** mcp_find_tools: lazy and pinned activate what it finds; retrieve replaces the retrieved tools. */
export function answerFindTools(presenter: Presenter, session: ProxySession, params: CallParams, known: CallOutcome): Answered {
  const query = params.arguments?.query;
  if (typeof query !== 'string' || !query.trim()) return toolError(known, 'invalid_arguments', `${FIND_TOOLS} needs "query": what the tool should do`);
  return { result: foundTools(presenter, session, query), outcome: known };
}

/** What mcp_find_tools found for `query`, activated or retrieved in the session's list. */
function foundTools(presenter: Presenter, session: ProxySession, query: string): CallToolResult {
  // Only what the session may use is found, and so activated or retrieved.
  const catalog = presenter.catalogFor(session);
  const found = findTools(presenter.view, catalog, query);
  const view = presenter.viewFor(session);
  if (session.stateless) return foundForInvoke(presenter, query, found);
  const presented = session.presented;
  session.update(
    MODE_TRAITS[presenter.view.mode].search === 'retrieves'
      ? { ...presented, query }
      : {
          ...presented,
          state: activateTools(
            presented.state,
            found.map((e) => e.canonical),
          ),
        },
  );
  const listed = new Map(presentedList(view, catalog, session.presented).tools.map((t) => [t.canonical, t.name]));
  presenter.notifyIfChanged(session);
  if (found.length === 0) return { content: [{ type: 'text', text: `No tool matches '${query}'. Try other words.` }] };
  const lines = found.map((e) => `- ${listed.get(e.canonical) ?? e.typedName}: ${firstLine(e.tool.description ?? '')}`);
  return {
    content: [{ type: 'text', text: `Found ${found.length} tool(s) for '${query}'; they are in your tool list now:\n${lines.join('\n')}` }],
  };
}

/**
 * mcp_find_tools on a stateless revision (§surface, protocol revisions): the list stays as it is, so each tool found
 * comes with what a model needs to call it through mcp_invoke_tool: server, tool and input schema.
 */
function foundForInvoke(presenter: Presenter, query: string, found: readonly CatalogEntry[]): CallToolResult {
  if (found.length === 0) return { content: [{ type: 'text', text: `No tool matches '${query}'. Try other words.` }] };
  const lines = found.map((e) => {
    // biome-ignore lint/style/noNonNullAssertion: entries of the catalog are canonical names, which always split.
    const { server, tool } = splitCanonical(e.canonical)!;
    const schema = JSON.stringify(presenter.inputSchemaOf(server, tool) ?? e.tool.inputSchema ?? {});
    return `- server "${server}", tool "${tool}": ${firstLine(e.tool.description ?? '')}\n  input schema: ${schema}`;
  });
  const text = `Found ${found.length} tool(s) for '${query}'. Call one with ${INVOKE_TOOL} {"server", "tool", "arguments"}:\n${lines.join('\n')}`;
  return { content: [{ type: 'text', text }] };
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
