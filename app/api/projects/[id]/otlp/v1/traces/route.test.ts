import { gzipSync } from 'node:zlib';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { allowLoopbackSync } from '@/test/sync-targets';
import { createTestProject } from '@/test/fixtures';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-server';
import { startRouteServer } from '@/test/route-server';
import { otlpExport, span } from '@/test/otlp';

setupTestDatabase();
allowLoopbackSync();

let routes: Awaited<ReturnType<typeof startRouteServer>>;
const mcpServers: TestMcpServer[] = [];
beforeAll(async () => {
  routes = await startRouteServer();
});
afterAll(async () => {
  await routes.stop();
  await Promise.all(mcpServers.map((s) => s.stop()));
});

type ExporterConfig = NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>;

/** A real OpenTelemetry SDK pipeline exporting OTLP/HTTP JSON to the project's route. */
function telemetry(projectId: string, serviceName: string, options: { query?: string; gzip?: boolean } = {}) {
  const exporter = new OTLPTraceExporter({
    url: `${routes.origin}/api/projects/${projectId}/otlp/v1/traces${options.query ?? ''}`,
    compression: (options.gzip ? 'gzip' : 'none') as ExporterConfig['compression'],
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { maxExportBatchSize: 512, scheduledDelayMillis: 60_000 })],
  });
  return { tracer: provider.getTracer('favindex-test-agent'), flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

const T0 = Date.now() - 120_000;
const at = (ms: number): [number, number] => [Math.floor(ms / 1000), (ms % 1000) * 1e6];

/** A tools/call client span as the MCP semantic conventions describe it. */
function toolCall(tracer: Tracer, tool: string, startMs: number, durationMs: number, attributes: Record<string, string | number> = {}, kind = SpanKind.CLIENT) {
  const span = tracer.startSpan(`tools/call ${tool}`, {
    kind,
    startTime: at(startMs),
    attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool, ...attributes },
  });
  return {
    span,
    end(error?: string) {
      if (error) {
        span.setAttribute('error.type', error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'the tool failed' });
      }
      span.end(at(startMs + durationMs));
      return span.spanContext().spanId;
    },
  };
}

async function eventsOf(id: string) {
  return (await api.get(`/api/projects/${id}/events?limit=100`)).body.events as Record<string, unknown>[];
}

describe('OTLP/HTTP JSON trace ingest', () => {
  it('turns MCP tools/call spans from the OpenTelemetry SDK exporter into events with canonical names, once', async () => {
    const id = await createTestProject(['github', 'memory']);
    const otel = telemetry(id, 'claude-code');
    const chat = otel.tracer.startSpan('chat gpt-5.4-mini', { startTime: at(T0) });
    const ids = await context.with(trace.setSpan(context.active(), chat), async () => {
      const created = toolCall(otel.tracer, 'create_issue', T0 + 10, 118, { 'mcp.session.id': 'sess-1', 'gen_ai.request.model': 'gpt-5.4-mini' });
      // The server's own span of the same call: the client side counts, so this one must not.
      otel.tracer
        .startSpan('tools/call create_issue', {
          kind: SpanKind.SERVER,
          startTime: at(T0 + 12),
          attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'create_issue' },
        })
        .end(at(T0 + 100));
      const invoked = toolCall(otel.tracer, 'mcp_invoke_tool', T0 + 200, 40, {
        'mcp.session.id': 'sess-1',
        'gen_ai.tool.call.arguments': JSON.stringify({ server: 'memory', tool: 'read_graph' }),
      });
      const typed = toolCall(otel.tracer, 'github__list_issues', T0 + 300, 20, { 'mcp.session.id': 'sess-2' });
      const failed = toolCall(otel.tracer, 'search_repositories', T0 + 400, 5, { 'mcp.session.id': 'sess-2' });
      otel.tracer.startSpan('tools/list', { kind: SpanKind.CLIENT, startTime: at(T0 + 1), attributes: { 'mcp.method.name': 'tools/list' } }).end();
      return { created: created.end(), invoked: invoked.end(), typed: typed.end(), failed: failed.end('tool_error') };
    });
    chat.end(at(T0 + 500));
    await otel.flush();

    expect(routes.exchanges.at(-1)).toMatchObject({ status: 200 });
    const answer = JSON.parse(routes.exchanges.at(-1)!.response);
    expect(answer.partialSuccess).toMatchObject({ rejectedSpans: '0' });
    expect(answer.partialSuccess.errorMessage).toContain('1 MCP tools/call spans of kind SERVER were not counted');

    const events = await eventsOf(id);
    expect(events).toHaveLength(4);
    const byId = Object.fromEntries(events.map((e) => [e.id, e]));
    expect(byId[`otel:${ids.created}`]).toMatchObject({
      tool: 'create_issue',
      canonical: 'github/create_issue',
      namespace: 'bare',
      sessionId: 'sess-1',
      status: 'ok',
      durationMs: 118,
      model: 'gpt-5.4-mini',
      client: 'claude-code',
      timestamp: new Date(T0 + 10).toISOString(),
    });
    expect(byId[`otel:${ids.invoked}`]).toMatchObject({ canonical: 'memory/read_graph', namespace: 'invoke' });
    expect(byId[`otel:${ids.typed}`]).toMatchObject({ canonical: 'github/list_issues', namespace: 'typed', sessionId: 'sess-2' });
    expect(byId[`otel:${ids.failed}`]).toMatchObject({ canonical: 'github/search_repositories', status: 'error', errorCode: 'tool_error' });

    // The exporter retries a batch it thinks failed: the same spans again are duplicates.
    const replay = routes.exchanges.at(-1)!;
    const again = await api.post(`/api/projects/${id}/otlp/v1/traces`, { body: new Uint8Array(replay.body), headers: { 'content-type': 'application/json' } });
    expect(again.status).toBe(200);
    expect(await eventsOf(id)).toEqual(events);
    await otel.shutdown();
  });

  it('a real MCP tool call, traced and exported gzip-compressed, counts for the live-synced server it went to', async () => {
    // Two servers that both have get_pods: only server.address/port tells the calls apart.
    const tools = [{ name: 'get_pods', description: 'List pods', params: ['namespace'] }];
    const prod = await startTestMcpServer({ tools });
    const staging = await startTestMcpServer({ tools });
    mcpServers.push(prod, staging);
    const id = await createTestProject();
    for (const [name, server] of [
      ['k8s-prod', prod],
      ['k8s-staging', staging],
    ] as const) {
      expect((await api.put(`/api/projects/${id}/catalog/${name}/sync`, { json: { url: server.url } })).status).toBe(201);
    }

    const otel = telemetry(id, 'my-agent', { gzip: true });
    const transport = new StreamableHTTPClientTransport(new URL(staging.url));
    const client = new Client({ name: 'my-agent', version: '1.0.0' });
    await client.connect(transport);
    const sessionId = transport.sessionId!;
    const span = otel.tracer.startSpan('tools/call get_pods', {
      kind: SpanKind.CLIENT,
      attributes: {
        'mcp.method.name': 'tools/call',
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'get_pods',
        'mcp.session.id': sessionId,
        'mcp.protocol.version': transport.protocolVersion ?? '',
        'server.address': '127.0.0.1',
        'server.port': staging.port,
        'network.transport': 'tcp',
      },
    });
    const result = await client.callTool({ name: 'get_pods', arguments: { namespace: 'default' } });
    if (result.isError) span.setAttribute('error.type', 'tool_error');
    span.end();
    await otel.flush();
    await transport.terminateSession();
    await client.close();

    expect(routes.exchanges.at(-1)!.headers['content-encoding']).toBe('gzip');
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({
      id: `otel:${span.spanContext().spanId}`,
      tool: 'get_pods',
      canonical: 'k8s-staging/get_pods',
      status: 'ok',
      sessionId,
      client: 'my-agent',
    });
    await otel.shutdown();
  });

  it('with ?spanKind=server counts the MCP server’s own spans, naming the server by its service.name', async () => {
    const id = await createTestProject(['github', 'gitlab']);
    const otel = telemetry(id, 'gitlab', { query: '?spanKind=server' });
    // Both servers have create_issue: alone, the name would be ambiguous.
    const spanId = toolCall(otel.tracer, 'create_issue', T0, 30, {}, SpanKind.SERVER).end();
    toolCall(otel.tracer, 'create_issue', T0, 30, {}, SpanKind.CLIENT).end();
    await otel.flush();
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: `otel:${spanId}`, canonical: 'gitlab/create_issue', kind: 'tool' });
    await otel.shutdown();
  });

  it('rejects the spans it cannot store, stores the rest, and says which in partialSuccess', async () => {
    const id = await createTestProject(['github']);
    const call = (spanId: string, attributes: Record<string, string>, startMs = T0, name = 'tools/call') =>
      span({ spanId, name, startMs, durationMs: 7, kind: 'SPAN_KIND_CLIENT', attributes: { 'mcp.method.name': 'tools/call', ...attributes } });
    const res = await api.post(`/api/projects/${id}/otlp/v1/traces`, {
      json: otlpExport('cursor', [
        call('00f067aa0ba902b7', { 'gen_ai.tool.name': 'fork_repository' }),
        call('00f067aa0ba902b8', {}),
        call('not-hex', { 'gen_ai.tool.name': 'create_issue' }),
        call('00f067aa0ba902b9', { 'gen_ai.tool.name': 'create_issue' }, Date.now() + 3_600_000),
        call('00f067aa0ba902ba', {}, T0, 'tools/call get_file_contents'),
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.partialSuccess.rejectedSpans).toBe('3');
    expect(res.body.partialSuccess.errorMessage).toContain('span 00f067aa0ba902b8: the span names no tool');
    expect(res.body.partialSuccess.errorMessage).toContain('span not-hex: spanId must be 16 hex digits');
    expect(res.body.partialSuccess.errorMessage).toContain('span 00f067aa0ba902b9: timestamp');
    const events = await eventsOf(id);
    expect(events.map((e) => [e.id, e.canonical, e.client]).sort()).toEqual([
      ['otel:00f067aa0ba902b7', 'github/fork_repository', 'cursor'],
      ['otel:00f067aa0ba902ba', 'github/get_file_contents', 'cursor'],
    ]);
  });

  it('refuses protobuf, bad bodies and oversize exports with the envelope, and stores nothing', async () => {
    const id = await createTestProject(['github']);
    const url = `/api/projects/${id}/otlp/v1/traces`;
    const post = (body: BodyInit, headers: Record<string, string>) => api.post(url, { body, headers });

    const protobuf = await post(new Uint8Array([0x0a, 0x02, 0x08, 0x01]), { 'content-type': 'application/x-protobuf' });
    expectEnvelope(protobuf, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(protobuf.body.message).toContain('protobuf');
    expect(protobuf.body.suggested_action).toContain('http/json');
    expectEnvelope(await post('{}', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectEnvelope(await post('{}', { 'content-type': 'application/json', 'content-encoding': 'br' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectEnvelope(await post('{"resourceSpans":', { 'content-type': 'application/json' }), 400, 'MALFORMED_REQUEST');
    expectEnvelope(await post('{"resourceSpans":{}}', { 'content-type': 'application/json' }), 400, 'MALFORMED_REQUEST');
    expectEnvelope(await post('{}', { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 400, 'MALFORMED_REQUEST');
    expectEnvelope(await api.post(`${url}?spanKind=both`, { json: {} }), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.post(`/api/projects/ghost/otlp/v1/traces`, { json: {} }), 404, 'PROJECT_NOT_FOUND');

    const big = JSON.stringify({ resourceSpans: [], pad: 'x'.repeat(10 * 1024 * 1024) });
    expectEnvelope(await post(big, { 'content-type': 'application/json' }), 413, 'PAYLOAD_TOO_LARGE');
    // 11 MiB that compresses to a few KiB: the limit holds after decompression too.
    const bomb = gzipSync(Buffer.from(big + ' '.repeat(1024 * 1024)));
    expect(bomb.length).toBeLessThan(100_000);
    expectEnvelope(await post(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 413, 'PAYLOAD_TOO_LARGE');

    const spans = Array.from({ length: 10_001 }, (_, i) => ({
      spanId: (0x1000000000000n + BigInt(i)).toString(16).padStart(16, '0'),
      name: 'tools/call create_issue',
      startTimeUnixNano: String(BigInt(T0) * 1_000_000n),
      attributes: [{ key: 'mcp.method.name', value: { stringValue: 'tools/call' } }],
    }));
    const many = await api.post(url, { json: { resourceSpans: [{ scopeSpans: [{ spans }] }] } });
    expectEnvelope(many, 413, 'TOO_MANY_EVENTS');

    // An empty export is a success with nothing to say.
    const empty = await api.post(url, { json: {} });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({});
    expect(await eventsOf(id)).toEqual([]);
  });
});
