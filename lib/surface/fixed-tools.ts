import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import type { ListedTool, ModeInputs, ToolBody } from './types';

/** The meta-tools a proxy adds in `off` and `lazy`/`pinned`, as a model receives them. */
const INVOKE_BODY: ToolBody = {
  description: "Call a tool of one of the project's MCP servers by server and tool name.",
  inputSchema: {
    type: 'object',
    properties: {
      server: { type: 'string', description: 'The MCP server, e.g. github' },
      tool: { type: 'string', description: 'The tool as the server lists it, e.g. create_issue' },
      arguments: { type: 'object', description: "The tool's arguments" },
    },
    required: ['server', 'tool'],
  },
};

const FIND_BODY: ToolBody = {
  description: "Search the project's MCP tools by what they do. The tools found become callable in this session.",
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What the tool should do' } },
    required: ['query'],
  },
};

/** On a stateless revision what a search finds never joins the list: its results carry each tool's schema. */
const STATELESS_FIND_BODY: ToolBody = {
  ...FIND_BODY,
  description: `Search the project's MCP tools by what they do. Each result gives a tool's server, name and input schema: call it with ${INVOKE_TOOL}.`,
};

export const INVOKE_ENTRY: ListedTool = { name: INVOKE_TOOL, canonical: null, source: 'meta', body: INVOKE_BODY };
const STATELESS_FIND_ENTRY: ListedTool = { name: FIND_TOOLS, canonical: null, source: 'meta', body: STATELESS_FIND_BODY };
export const FIND_ENTRY: ListedTool = { name: FIND_TOOLS, canonical: null, source: 'meta', body: FIND_BODY };

const AGENT_BODY: ToolBody = { inputSchema: { type: 'object', properties: {} } };
const placeholders: ListedTool[] = [];

/**
 * The agent's own tools. Given as names they are listed as such (their schemas are not known
 * here); given as a count they are placeholders that count against the cap but have no name.
 */
export function agentEntries(agentTools: number | readonly string[]): ListedTool[] {
  if (typeof agentTools !== 'number') {
    return agentTools.map((name) => ({ name, canonical: null, source: 'agent', body: AGENT_BODY }));
  }
  while (placeholders.length < agentTools) {
    const n = placeholders.length + 1;
    placeholders.push({ name: `agent tool ${n}`, canonical: null, source: 'agent', body: AGENT_BODY, placeholder: true });
  }
  return placeholders.slice(0, agentTools);
}

export function agentToolCount(agentTools: number | readonly string[]): number {
  return typeof agentTools === 'number' ? agentTools : agentTools.length;
}

/** The search tool, and on a stateless revision the tool that calls what it found. */
export function searchEntries(inputs: Pick<ModeInputs, 'stateless'>): ListedTool[] {
  return inputs.stateless ? [STATELESS_FIND_ENTRY, INVOKE_ENTRY] : [FIND_ENTRY];
}
