import { MAX_TOOLS_PER_SERVER } from '@/lib/limits';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ClientCapabilities, Tool } from '@modelcontextprotocol/client';
import { ApiError } from '@/lib/errors';
import { rejectNul, requireJsonDepth } from '@/lib/json';
import { MAX_JSON_DEPTH } from '@/lib/limits';
import { issueDetails } from '@/lib/validation';
import { catalogToolSchema, toolsListSchema, type CatalogTool } from '@/lib/schemas/catalog';
import { displayUrl } from '@/lib/schemas/catalog-sync';
import { guardedFetch, type TargetPolicy } from './guarded-fetch';
import { clientClosed, listenForToolChanges, sessionEnded, type UpstreamProtocol, versionNegotiation } from './protocol';
import { toUpstreamError, unreachableTarget } from './upstream-error';
import { errorCode, errorMessage } from '@/lib/thrown';

export const SYNC_TIMEOUT_MS = Number(process.env.FAVINDEX_SYNC_TIMEOUT_MS) || 15_000;
/** A server that keeps handing out cursors past this is looping. */
const MAX_PAGES = 1_000;

export interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
}

export interface McpConnection {
  client: Client;
  /** The MCP revision the server and favindex agreed on (2025-11-25, 2026-07-28). */
  protocolVersion: string;
  /** Settles when the session is over: the connection closed, or (2026-07-28) the server ended the change subscription. */
  closed: Promise<void>;
  /** End the session (DELETE, as the MCP specification asks of a client that leaves) and close. Never throws. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  timeoutMs?: number;
  onToolsChanged?: () => void;
  /**
   * For a URL favindex is given rather than one its user configured (live catalog sync): the
   * addresses it may reach, and every failure before the session opens is one and the same error.
   */
  guard?: TargetPolicy;
  /** What this client may be asked (a proxy passing sampling, elicitation and roots on), and its handlers for them. */
  capabilities?: ClientCapabilities;
  setup?: (client: Client) => void;
  /** Gives up the connect (the caller stops). */
  signal?: AbortSignal;
  /** The revision to speak: negotiated (`auto`, the default over HTTP) or one pinned. */
  protocol?: UpstreamProtocol;
  /** The client name the server is told (favindex's catalog sync, or its proxy). */
  name?: string;
}

/**
 * Connect to an MCP server over Streamable HTTP in the revision it speaks: `server/discover`
 * first, and a 2025-11-25 session (`initialize`) when the answer is not a 2026-07-28 one. With
 * `onToolsChanged`, the client hears notifications/tools/list_changed: on the session's GET
 * stream on 2025-11-25 (opened by the SDK), on a `subscriptions/listen` stream on 2026-07-28.
 */
export async function connectMcp(endpoint: McpEndpoint, options: ConnectOptions = {}): Promise<McpConnection> {
  const timeoutMs = options.timeoutMs ?? SYNC_TIMEOUT_MS;
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: endpoint.headers },
    ...(options.guard ? { fetch: guardedFetch(options.guard) } : {}),
    // The listener reconnects itself, with its own backoff; the SDK's two quick retries are enough.
    reconnectionOptions: { initialReconnectionDelay: 1_000, maxReconnectionDelay: 5_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
  });
  const client = new Client(
    { name: options.name ?? 'favindex', version: '0.1.0' },
    { capabilities: options.capabilities ?? {}, versionNegotiation: versionNegotiation(options.protocol ?? 'auto', timeoutMs) },
  );
  options.setup?.(client);
  if (options.onToolsChanged) {
    const notify = options.onToolsChanged;
    client.setNotificationHandler('notifications/tools/list_changed', async () => notify());
  }
  let subscription: Awaited<ReturnType<typeof listenForToolChanges>> = null;
  const closed = clientClosed(client);
  const close = async () => {
    await subscription?.close().catch(() => {});
    await Promise.race([transport.terminateSession().catch(() => {}), sleep(2_000)]);
    await client.close().catch(() => {});
  };
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    await client.connect(transport, { timeout: timeoutMs, signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout });
  } catch (err) {
    await client.close().catch(() => {});
    if (options.guard) throw Object.assign(unreachableTarget(), { cause: err });
    throw toUpstreamError(err, endpoint.url, timeoutMs);
  }
  if (!client.getServerCapabilities()?.tools) {
    await close();
    throw new ApiError('UPSTREAM_REJECTED', `the MCP server at ${displayUrl(endpoint.url)} offers no tools (its capabilities lack 'tools')`, {
      suggestedAction: 'register an MCP server that offers tools',
      citedRule: '§catalog',
    });
  }
  if (options.onToolsChanged) {
    try {
      subscription = await listenForToolChanges(client, timeoutMs);
    } catch (err) {
      await close();
      throw toUpstreamError(err, endpoint.url, timeoutMs);
    }
  }
  const protocolVersion = client.getNegotiatedProtocolVersion() ?? 'unknown';
  return { client, protocolVersion, closed: sessionEnded(closed, subscription), close };
}

/** Read a server's whole tools/list, following nextCursor, and check it as a catalog (§catalog): one tool favindex cannot store refuses the list. */
export async function listAllTools(client: Client, url: string, timeoutMs = SYNC_TIMEOUT_MS): Promise<CatalogTool[]> {
  const tools = await readPages(client, url, timeoutMs);
  try {
    // A remote server is untrusted input like any request body: same depth and text limits.
    requireJsonDepth({ tools }, MAX_JSON_DEPTH, '§catalog');
    rejectNul({ tools }, '§catalog');
  } catch (err) {
    throw invalid(url, `listed tools favindex cannot store: ${errorMessage(err)}`);
  }
  const parsed = toolsListSchema.safeParse({ tools });
  if (!parsed.success) {
    const details = issueDetails(parsed.error);
    throw new ApiError(
      'UPSTREAM_INVALID',
      `the MCP server at ${displayUrl(url)} listed tools favindex cannot store: ${details[0]?.path} ${details[0]?.message}`,
      {
        suggestedAction: 'fix the tool list on the MCP server (tool names must be unique and free of control characters)',
        citedRule: '§catalog',
        details,
      },
    );
  }
  return parsed.data.tools;
}

/** A tool a server listed that a catalog cannot hold, and why. */
export interface LeftOutTool {
  /** Its name as listed (cut short and flattened to one line when it is the problem). */
  name: string;
  reason: string;
}

/**
 * Every page of tools/list, for a proxy that serves what it can: each tool checked on its own as
 * a catalog entry (§catalog), and kept as the server sent it too (to pass on untouched, fields
 * favindex does not store included). A tool that a catalog cannot hold (nested too deep, U+0000,
 * not a tool, a name listed before) is left out with its reason, and the others are served: one
 * tool never costs its server.
 */
export async function readAllTools(
  client: Client,
  url: string,
  timeoutMs = SYNC_TIMEOUT_MS,
): Promise<{ tools: CatalogTool[]; raw: Tool[]; leftOut: LeftOutTool[] }> {
  const listed = await readPages(client, url, timeoutMs);
  const tools: CatalogTool[] = [];
  const raw: Tool[] = [];
  const leftOut: LeftOutTool[] = [];
  const names = new Set<string>();
  for (const tool of listed) {
    const checked = catalogEntry(tool);
    if ('reason' in checked) leftOut.push({ name: shownName(tool.name), reason: checked.reason });
    else if (names.has(checked.tool.name)) leftOut.push({ name: shownName(tool.name), reason: 'a tool of the same name is listed before it' });
    else {
      names.add(checked.tool.name);
      tools.push(checked.tool);
      raw.push(tool);
    }
  }
  return { tools, raw, leftOut };
}

/** One listed tool as a catalog holds it, under the limits a catalog upload has (§catalog), or why it cannot be. */
function catalogEntry(tool: Tool): { tool: CatalogTool } | { reason: string } {
  try {
    // Checked in the place it takes in an upload ({tools: [tool]}), so what passes here passes there.
    requireJsonDepth({ tools: [tool] }, MAX_JSON_DEPTH, '§catalog');
    rejectNul(tool, '§catalog');
  } catch (err) {
    if (errorCode(err) === 'JSON_TOO_DEEP') {
      return { reason: `it nests deeper than a catalog may (${MAX_JSON_DEPTH} levels of arrays and objects, counted from the upload's {"tools": […]})` };
    }
    return { reason: errorMessage(err) };
  }
  const parsed = catalogToolSchema.safeParse(tool);
  if (parsed.success) return { tool: parsed.data };
  const issue = issueDetails(parsed.error)[0];
  return { reason: `${issue?.path || 'the tool'} ${issue?.message ?? 'is not a tool'}` };
}

/** A name as a log line and a report can show it: one line, at most 100 characters. */
function shownName(name: unknown): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is flattened
  const text = typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f]/g, ' ') : String(name);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/** Every page of tools/list, as listed. */
async function readPages(client: Client, url: string, timeoutMs: number): Promise<Tool[]> {
  const signal = AbortSignal.timeout(timeoutMs);
  const tools: Tool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  try {
    for (let page = 0; ; page++) {
      // One page a request: the SDK's listTools() would read up to 64 pages itself and stop there.
      const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, { timeout: timeoutMs, signal });
      tools.push(...result.tools);
      if (tools.length > MAX_TOOLS_PER_SERVER) {
        throw invalid(url, `lists more than ${MAX_TOOLS_PER_SERVER} tools, the most one catalog server may have`);
      }
      cursor = result.nextCursor;
      if (cursor === undefined) break;
      if (cursors.has(cursor) || page + 1 >= MAX_PAGES) throw invalid(url, `keeps paging tools/list (cursor '${cursor.slice(0, 40)}' again)`);
      cursors.add(cursor);
    }
  } catch (err) {
    throw toUpstreamError(err, url, timeoutMs);
  }
  return tools;
}

/** Connect, read every page of tools/list, and leave. */
export async function fetchToolsList(endpoint: McpEndpoint, options: { timeoutMs?: number; guard?: TargetPolicy } = {}): Promise<CatalogTool[]> {
  const timeoutMs = options.timeoutMs ?? SYNC_TIMEOUT_MS;
  const connection = await connectMcp(endpoint, { timeoutMs, guard: options.guard });
  try {
    return await listAllTools(connection.client, endpoint.url, timeoutMs);
  } finally {
    await connection.close();
  }
}

function invalid(url: string, what: string): ApiError {
  return new ApiError('UPSTREAM_INVALID', `the MCP server at ${displayUrl(url)} ${what}`, {
    suggestedAction: 'fix the tool list on the MCP server',
    citedRule: '§catalog',
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
