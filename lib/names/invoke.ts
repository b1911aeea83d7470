import { canonical, isServerName } from './canonical';
import { listsTool, type NameCatalog, notListedReason } from './name-catalog';
import { type NameOutcome, type PresentedCall, toolOutcome, unresolved } from './resolution';
import { isRecord } from '@/lib/records';

/**
 * The invoke scheme (§names): one meta tool, `mcp_invoke_tool`, whose arguments name the server
 * and the tool, as the `off` mode and a stateless search present them.
 */
export const INVOKE_TOOL = 'mcp_invoke_tool';

const INVOKE_SERVER_KEYS = ['server', 'server_name', 'serverName'] as const;
const INVOKE_TOOL_KEYS = ['tool', 'tool_name', 'toolName'] as const;

function pickString(args: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return null;
}

/** Read the target of an `mcp_invoke_tool` call from its arguments, in any of its spellings. */
export function invokeTarget(call: Pick<PresentedCall, 'arguments' | 'server'>): { server: string | null; tool: string | null } {
  const args = isRecord(call.arguments) ? call.arguments : {};
  return {
    server: pickString(args, INVOKE_SERVER_KEYS) ?? (call.server || null),
    tool: pickString(args, INVOKE_TOOL_KEYS),
  };
}

/**
 * An invoke call that names its server: the tool is that server's, as the server lists it or
 * written `server/tool`. A call without a server argument names its tool like any other name.
 */
export function resolveInvokeUnderServer(server: string, tool: string, catalog: NameCatalog): NameOutcome {
  if (!isServerName(server)) return unresolved(`${INVOKE_TOOL} names an invalid server '${server}'`);
  const toolName = tool.startsWith(`${server}/`) && !listsTool(catalog, server, tool) ? tool.slice(server.length + 1) : tool;
  if (!listsTool(catalog, server, toolName)) return unresolved(notListedReason(catalog, server, toolName));
  return toolOutcome(canonical(server, toolName), 'invoke');
}
