import type { PresentedCall } from './resolution';

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
  const args = call.arguments && typeof call.arguments === 'object' ? (call.arguments as Record<string, unknown>) : {};
  return {
    server: pickString(args, INVOKE_SERVER_KEYS) ?? (call.server || null),
    tool: pickString(args, INVOKE_TOOL_KEYS),
  };
}
