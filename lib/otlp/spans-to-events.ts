import { ApiError } from '@/lib/errors';
import { readAttributes, text, unixNanos, type Attributes } from './attributes';
import { fieldOf, isRecord } from '@/lib/records';

/**
 * Which MCP tools/call spans count as calls. An instrumented client and server both report a
 * call (the server span is the client span's child), so counting both would count it twice:
 * by default the client side (every kind but SERVER) counts; `server` suits a setup where only
 * MCP servers are instrumented.
 */
export type SpanKindFilter = 'client' | 'server' | 'all';

// OTLP SpanKind: 0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer.
const SERVER_KIND = 2;
const KIND_NAMES: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};
const STATUS_ERROR = 2;

const SPAN_ID_RE = /^[0-9a-fA-F]{16}$/;
const MAX_DATE_MS = 8.64e15;

/** What the project's catalog tells us about servers a span may name. */
export interface ServerHints {
  /** Catalog server names (a SERVER span's service.name may be one). */
  names: ReadonlySet<string>;
  /** `host:port` of live-synced servers' URLs → server name (a client span's server.address/port). */
  byAddress: ReadonlyMap<string, string>;
}

export function serverHints(servers: readonly { name: string; syncUrl: string | null }[]): ServerHints {
  const byAddress = new Map<string, string>();
  const taken = new Set<string>();
  for (const { name, syncUrl } of servers) {
    if (!syncUrl) continue;
    try {
      const url = new URL(syncUrl);
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      for (const key of [`${url.hostname}:${port}`, url.hostname]) {
        // Two servers behind one address cannot be told apart by it.
        if (taken.has(key)) byAddress.delete(key);
        else byAddress.set(key, name);
        taken.add(key);
      }
    } catch {
      // A stored URL is always valid; nothing to learn from one that is not.
    }
  }
  return { names: new Set(servers.map((s) => s.name)), byAddress };
}

export type SpanOutcome = { spanId: string; event: Record<string, unknown> } | { spanId: string; error: string };

export interface ExtractedSpans {
  /** One per MCP tools/call span that counts: a tool_call_trace event to validate, or why not. */
  outcomes: SpanOutcome[];
  /** tools/call spans left out by the span-kind filter. */
  filteredOut: number;
}

/** Walk an ExportTraceServiceRequest (OTLP/JSON) and turn MCP tools/call spans into events. */
export function extractToolCallSpans(doc: unknown, options: { spanKind: SpanKindFilter; servers: ServerHints }): ExtractedSpans {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw malformed('the body is not an ExportTraceServiceRequest object');
  const outcomes: SpanOutcome[] = [];
  let filteredOut = 0;
  for (const resourceSpans of arrayAt(doc, 'resourceSpans', 'resourceSpans')) {
    const resource = readAttributes(fieldOf(fieldOf(resourceSpans, 'resource'), 'attributes'));
    for (const scopeSpans of arrayAt(resourceSpans, 'scopeSpans', 'resourceSpans[].scopeSpans')) {
      for (const span of arrayAt(scopeSpans, 'spans', 'resourceSpans[].scopeSpans[].spans')) {
        if (!isRecord(span)) continue;
        const s = span;
        const attributes = readAttributes(s.attributes);
        if (attributes.get('mcp.method.name') !== 'tools/call') continue;
        const isServer = spanKind(s.kind) === SERVER_KIND;
        if (options.spanKind === 'client' ? isServer : options.spanKind === 'server' ? !isServer : false) {
          filteredOut++;
          continue;
        }
        outcomes.push(toEvent(s, attributes, resource, isServer, options.servers));
      }
    }
  }
  return { outcomes, filteredOut };
}

function toEvent(span: Record<string, unknown>, attributes: Attributes, resource: Attributes, isServer: boolean, servers: ServerHints): SpanOutcome {
  const rawId = typeof span.spanId === 'string' ? span.spanId : '';
  const spanId = rawId.toLowerCase();
  if (!SPAN_ID_RE.test(rawId) || /^0+$/.test(rawId)) {
    return { spanId: rawId || '(none)', error: 'spanId must be 16 hex digits (OTLP/JSON encodes ids as hex), not all zero' };
  }
  const start = unixNanos(span.startTimeUnixNano);
  if (!start) return { spanId, error: 'startTimeUnixNano is missing or not a number of nanoseconds' };
  const startMs = Number(start / 1_000_000n);
  if (startMs > MAX_DATE_MS) return { spanId, error: 'startTimeUnixNano is out of range' };
  const tool = text(attributes.get('gen_ai.tool.name')) ?? targetOf(span.name);
  if (!tool) return { spanId, error: "the span names no tool: set gen_ai.tool.name (or name the span 'tools/call <tool>')" };

  const end = unixNanos(span.endTimeUnixNano);
  const errorType = text(attributes.get('error.type'));
  const failed = statusCode(span.status) === STATUS_ERROR || errorType !== undefined;
  return {
    spanId,
    event: {
      id: `otel:${spanId}`,
      type: 'tool_call_trace',
      timestamp: new Date(startMs).toISOString(),
      tool,
      server: serverOf(attributes, resource, isServer, servers),
      arguments: toolArguments(attributes.get('gen_ai.tool.call.arguments')),
      sessionId: text(attributes.get('mcp.session.id')) ?? text(attributes.get('gen_ai.conversation.id')),
      status: failed ? 'error' : 'ok',
      errorCode: failed ? (errorType ?? text(attributes.get('rpc.response.status_code')) ?? null) : null,
      durationMs: end !== null && end >= start ? Number(end - start) / 1e6 : null,
      model: text(attributes.get('gen_ai.request.model')) ?? text(attributes.get('gen_ai.response.model')),
      client: text(resource.get('service.name')),
    },
  };
}

/** The semconv span name is `{mcp.method.name} {target}`, the target being the tool. */
function targetOf(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name.startsWith('tools/call ')) return undefined;
  return name.slice('tools/call '.length).trim() || undefined;
}

/**
 * Only a server the catalog knows is named: a SERVER span reported by the MCP server itself
 * (service.name), or a client span whose server.address/port is a live-synced server's URL.
 * Anything else leaves the tool name to resolve on its own (§names).
 */
function serverOf(attributes: Attributes, resource: Attributes, isServer: boolean, servers: ServerHints): string | undefined {
  if (isServer) {
    const service = text(resource.get('service.name'));
    if (service && servers.names.has(service)) return service;
  }
  const host = text(attributes.get('server.address'));
  if (!host) return undefined;
  const port = text(attributes.get('server.port'));
  return servers.byAddress.get(port ? `${host}:${port}` : host);
}

/** Arguments are recorded structured or as a JSON string; only an invoke call's target is read. */
function toolArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function spanKind(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string') return KIND_NAMES[raw] ?? (/^\d$/.test(raw) ? Number(raw) : 0);
  return 0;
}

function statusCode(status: unknown): number {
  const code = fieldOf(status, 'code');
  if (code === 'STATUS_CODE_ERROR') return STATUS_ERROR;
  return typeof code === 'number' ? code : 0;
}

function arrayAt(parent: unknown, key: string, path: string): unknown[] {
  const value = fieldOf(parent, key);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw malformed(`${path} must be an array`);
  return value;
}

function malformed(message: string): ApiError {
  return new ApiError('MALFORMED_REQUEST', `not an OTLP trace export: ${message}`, {
    suggestedAction: 'send an ExportTraceServiceRequest encoded as OTLP/JSON, e.g. from an OpenTelemetry OTLP/HTTP exporter',
    citedRule: '§events',
  });
}
