import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect, test } from '@playwright/test';
import { putCatalog, uniqueId } from './helpers';

type ExporterConfig = NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>;

test('an OpenTelemetry SDK exporter sends MCP tools/call spans to the running app', async ({ request, baseURL }) => {
  const id = uniqueId('otlp');
  expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
  await putCatalog(request, id, 'github');

  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'e2e-agent' }),
    spanProcessors: [
      new SimpleSpanProcessor(
        new OTLPTraceExporter({ url: `${baseURL}/api/projects/${id}/otlp/v1/traces`, compression: 'gzip' as ExporterConfig['compression'] }),
      ),
    ],
  });
  const tracer = provider.getTracer('e2e');
  const attributes = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'create_issue', 'mcp.session.id': 'e2e-session' };
  const ok = tracer.startSpan('tools/call create_issue', { kind: SpanKind.CLIENT, attributes });
  ok.end();
  const failed = tracer.startSpan('tools/call create_issue', { kind: SpanKind.CLIENT, attributes });
  failed.setAttribute('error.type', 'tool_error');
  failed.setStatus({ code: SpanStatusCode.ERROR });
  failed.end();
  await provider.forceFlush();
  await provider.shutdown();

  const events = (await (await request.get(`/api/projects/${id}/events`)).json()).events;
  expect(events.map((e: { id: string; canonical: string; status: string }) => [e.id, e.canonical, e.status]).sort()).toEqual(
    [
      [`otel:${ok.spanContext().spanId}`, 'github/create_issue', 'ok'],
      [`otel:${failed.spanContext().spanId}`, 'github/create_issue', 'error'],
    ].sort(),
  );

  const protobuf = await request.post(`/api/projects/${id}/otlp/v1/traces`, {
    headers: { 'content-type': 'application/x-protobuf' },
    data: Buffer.from([0x0a, 0x00]),
  });
  expect(protobuf.status()).toBe(415);
  expect(await protobuf.json()).toMatchObject({ error_code: 'UNSUPPORTED_MEDIA_TYPE', cited_rule: '§events' });
});
