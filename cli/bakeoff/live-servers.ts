import type { CallToolResult } from '@modelcontextprotocol/client';
import { callUpstreamTool, connectUpstream, endpointLabel, type UpstreamConnection } from '@/mcp/upstream';
import type { UpstreamConfig } from '@/proxy/config';

/**
 * What a tool call of the model answers when the task has no fixture for it: the real server's
 * result, or `undefined` when no server of the run is named so (the runner then answers a plain
 * success, as without servers).
 */
export type CallTool = (canonical: string, args: Record<string, unknown>) => Promise<CallToolResult | undefined>;

export interface LiveServers {
  callTool: CallTool;
  /** The servers started, by name. */
  names: readonly string[];
  close(): Promise<void>;
}

export interface LiveServersOptions {
  /** How long a server has to start and initialise. */
  startTimeoutMs: number;
  /** How long one tool call may take; past it the model reads that the call timed out. */
  callTimeoutMs: number;
}

/** A server of --servers that did not start: nothing has been asked of the model yet. */
export class LiveServerError extends Error {}

/** A result a client shows the model when the call did not get an answer: the model reads why, the run goes on. */
function failedCall(server: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${server}: the call failed: ${message}` }] };
}

/**
 * Start every server (all of them, before the first cell, so a server that cannot start stops the
 * run before a model is asked anything) and call tools on them by canonical name.
 */
export async function startLiveServers(upstreams: readonly UpstreamConfig[], options: LiveServersOptions): Promise<LiveServers> {
  const started = await Promise.allSettled(
    upstreams.map(async ({ name, endpoint }) => {
      try {
        return { name, connection: await connectUpstream(endpoint, { timeoutMs: options.startTimeoutMs, name: 'favindex-bakeoff' }) };
      } catch (err) {
        throw new LiveServerError(`--servers: ${name} (${endpointLabel(endpoint)}) did not start: ${err instanceof Error ? err.message : String(err)}`);
      }
    }),
  );
  const connections = new Map<string, UpstreamConnection>();
  for (const outcome of started) if (outcome.status === 'fulfilled') connections.set(outcome.value.name, outcome.value.connection);
  const close = async () => {
    await Promise.all([...connections.values()].map((c) => c.close()));
  };
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await close();
    throw failure.reason;
  }
  return {
    names: [...connections.keys()],
    close,
    async callTool(canonical, args) {
      const slash = canonical.indexOf('/');
      const server = canonical.slice(0, slash);
      const connection = connections.get(server);
      if (!connection) return undefined;
      try {
        return await callUpstreamTool(connection.client, { name: canonical.slice(slash + 1), arguments: args }, { timeoutMs: options.callTimeoutMs });
      } catch (err) {
        return failedCall(server, err instanceof Error ? err.message : String(err));
      }
    },
  };
}
