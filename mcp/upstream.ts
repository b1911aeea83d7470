import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Progress } from '@modelcontextprotocol/client';
import { ApiError } from '@/lib/errors';
import { MAX_MESSAGE_BYTES } from '@/lib/limits';
import { callResultPassthrough } from './call-result';
import { type CallParams, DirectCalls } from './direct-calls';
import { type ConnectOptions, connectMcp } from './fetch-tools';
import { BoundedStdioClientTransport } from './stdio-client';
import { clientClosed, listenForToolChanges, sessionEnded, type UpstreamProtocol, versionNegotiation } from './protocol';
import { revisionError, toUpstreamError } from './upstream-error';
import { errorCode } from '@/lib/thrown';
import { STATELESS_REVISION } from '@/lib/mcp-revisions';

/** An MCP server as the `mcpServers` config of a client names it: a command to start, or a URL. */
export type UpstreamEndpoint = (
  | { transport: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { transport: 'http'; url: string; headers: Record<string, string> }
) & {
  /** The revision to speak; by default negotiated over HTTP and 2025-11-25 over stdio (see STDIO_DEFAULT_PROTOCOL). */
  protocol?: UpstreamProtocol;
};

export interface UpstreamConnection {
  client: Client;
  /** The MCP revision the server and the proxy agreed on. */
  protocolVersion: string;
  /** Settles when the session ends: the process exited, or the connection closed. */
  closed: Promise<void>;
  /** stdio on 2025-11-25: tools/call through DirectCalls, which keeps a last progress the SDK drops (typescript-sdk#2580); absent, `client` takes every call. */
  direct?: DirectCalls;
  /** The last lines the server wrote to stderr (stdio only), for the error a user reads. */
  stderrTail(): string;
  /** End the session and, for stdio, the process: SIGTERM after half of `graceMs` (2 s), SIGKILL after all of it. Never throws. */
  close(graceMs?: number): Promise<void>;
}

/** What connectMcp takes too (an HTTP upstream is connected through it), with a timeout that must be given. */
export interface ConnectUpstreamOptions extends Pick<ConnectOptions, 'onToolsChanged' | 'name' | 'capabilities' | 'setup'> {
  timeoutMs: number;
  /** Aborts the start (the proxy stops): the process is ended within STOP_GRACE_MS. */
  signal?: AbortSignal;
  /** stdio: one message from the server at most this long (a longer response fails its request alone). */
  maxMessageBytes?: number;
  /** stdio: what the reader says about a message over the limit. */
  log?: (message: string) => void;
}

/**
 * A stdio server is asked nothing before `initialize` unless its entry says `"protocol"`: the
 * 2026-07-28 probe is a request a 2025-11-25 server has never seen, and servers exist that exit
 * on such a request rather than answer it. Every stdio server speaks 2025-11-25.
 */
export const STDIO_DEFAULT_PROTOCOL: UpstreamProtocol = '2025-11-25';

const STDERR_TAIL = 2_000;
/** What the proxy calls itself to the servers behind it. */
const PROXY_CLIENT_NAME = 'favindex-proxy';
const CLOSE_GRACE_MS = 2_000;
/** How long a server the proxy stops, or stops starting, has to exit before it is killed. */
export const STOP_GRACE_MS = 1_000;

/** How an endpoint is named in logs and errors, without its secrets. */
export function endpointLabel(endpoint: UpstreamEndpoint): string {
  if (endpoint.transport === 'http') return new URL(endpoint.url).origin + new URL(endpoint.url).pathname;
  return [endpoint.command, ...endpoint.args].join(' ');
}

/**
 * Connect to an MCP server over stdio (start its command with this environment plus its own
 * `env`) or Streamable HTTP, and initialise a session. `onToolsChanged` hears
 * notifications/tools/list_changed; `setup` installs the client's other handlers before it connects.
 */
export async function connectUpstream(endpoint: UpstreamEndpoint, options: ConnectUpstreamOptions): Promise<UpstreamConnection> {
  if (endpoint.transport === 'http') {
    const connection = await connectMcp(
      { url: endpoint.url, headers: endpoint.headers },
      {
        timeoutMs: options.timeoutMs,
        onToolsChanged: options.onToolsChanged,
        capabilities: options.capabilities,
        setup: options.setup,
        signal: options.signal,
        protocol: endpoint.protocol,
        name: options.name ?? PROXY_CLIENT_NAME,
      },
    );
    return { ...connection, stderrTail: () => '' };
  }
  const transport = new BoundedStdioClientTransport(
    {
      command: endpoint.command,
      args: endpoint.args,
      // The SDK wants defined values; an unset variable is absent from process.env, not undefined.
      env: { ...(process.env as Record<string, string>), ...endpoint.env },
      cwd: endpoint.cwd,
      stderr: 'pipe',
    },
    options.maxMessageBytes ?? MAX_MESSAGE_BYTES,
    options.log ?? (() => {}),
  );
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
  });
  const client = new Client(
    { name: options.name ?? PROXY_CLIENT_NAME, version: '0.1.0' },
    { capabilities: options.capabilities ?? {}, versionNegotiation: versionNegotiation(endpoint.protocol ?? STDIO_DEFAULT_PROTOCOL, options.timeoutMs) },
  );
  options.setup?.(client);
  if (options.onToolsChanged) {
    const notify = options.onToolsChanged;
    client.setNotificationHandler('notifications/tools/list_changed', async () => notify());
  }
  const exited = clientClosed(client);
  let subscription: Awaited<ReturnType<typeof listenForToolChanges>> = null;
  const close = async (graceMs = CLOSE_GRACE_MS) => {
    await subscription?.close().catch(() => {});
    await transport.closeWithin(graceMs);
  };
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    await client.connect(transport, { timeout: options.timeoutMs, signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout });
  } catch (err) {
    await close(options.signal?.aborted ? STOP_GRACE_MS : CLOSE_GRACE_MS);
    const revision = revisionError(err, `the MCP server \`${endpointLabel(endpoint)}\``);
    if (revision) throw revision;
    const code = errorCode(err);
    const why =
      code === 'ENOENT' ? `'${endpoint.command}' was not found` : toUpstreamError(err, `stdio \`${endpointLabel(endpoint)}\``, options.timeoutMs).message;
    throw new ApiError('UPSTREAM_UNAVAILABLE', withStderr(`cannot start the MCP server: ${why}`, stderr), {
      suggestedAction: 'run the command by hand: it should wait for MCP messages on stdin',
      citedRule: '§catalog',
    });
  }
  if (!client.getServerCapabilities()?.tools) {
    await close();
    throw new ApiError('UPSTREAM_REJECTED', `the MCP server \`${endpointLabel(endpoint)}\` offers no tools`, {
      suggestedAction: 'remove it from the proxy config, or use a server that offers tools',
      citedRule: '§catalog',
    });
  }
  if (options.onToolsChanged) {
    try {
      subscription = await listenForToolChanges(client, options.timeoutMs);
    } catch (err) {
      await close();
      throw toUpstreamError(err, `stdio \`${endpointLabel(endpoint)}\``, options.timeoutMs);
    }
  }
  const protocolVersion = client.getNegotiatedProtocolVersion() ?? 'unknown';
  return {
    client,
    protocolVersion,
    // A 2026-07-28 session's results carry what only the Client decodes (resultType, input requests).
    ...(protocolVersion === STATELESS_REVISION ? {} : { direct: new DirectCalls(transport, transport.reader) }),
    closed: sessionEnded(exited, subscription),
    stderrTail: () => stderr,
    close,
  };
}

/**
 * tools/call passed through: the result as the server sent it (structured content, isError and
 * fields the SDK does not know included), not checked against the tool's output schema, which is
 * the caller's to check. A result of the usual shape is not parsed again (callResultPassthrough).
 */
export async function callUpstreamTool(
  client: Client,
  params: CallParams,
  options: { timeoutMs: number; signal?: AbortSignal; onProgress?: (progress: Progress) => void },
): Promise<CallToolResult> {
  return client.request({ method: 'tools/call', params }, callResultPassthrough, {
    timeout: options.timeoutMs,
    signal: options.signal,
    // With a callback the SDK asks the server for progress (a token of its own) and each one restarts the timeout.
    ...(options.onProgress ? { onprogress: options.onProgress, resetTimeoutOnProgress: true } : {}),
  });
}

function withStderr(message: string, stderr: string): string {
  const tail = stderr.trim().split('\n').slice(-5).join(' | ');
  return tail ? `${message} (its stderr ended with: ${tail})` : message;
}
