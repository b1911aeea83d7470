/** OTLP/JSON pieces for tests, as an OpenTelemetry exporter writes them. */

const attributesOf = (attributes: Record<string, string>) => Object.entries(attributes).map(([key, value]) => ({ key, value: { stringValue: value } }));

/** One span; `kind` 3 (or SPAN_KIND_CLIENT) is a client span, 2 a server one. */
export function span(spec: {
  spanId: string;
  name: string;
  startMs: number;
  durationMs?: number;
  kind?: number | string;
  traceId?: string;
  attributes?: Record<string, string>;
}) {
  const start = BigInt(spec.startMs) * 1_000_000n;
  return {
    traceId: spec.traceId ?? '5b8efff798038103d269b633813fc60c',
    spanId: spec.spanId,
    name: spec.name,
    kind: spec.kind ?? 3,
    startTimeUnixNano: String(start),
    endTimeUnixNano: String(start + BigInt(Math.round((spec.durationMs ?? 100) * 1_000_000))),
    attributes: attributesOf(spec.attributes ?? {}),
    status: {},
  };
}

/** A trace export from one service (`service.name`, which favindex takes as the client). */
export function otlpExport(service: string, spans: unknown[]) {
  return { resourceSpans: [{ resource: { attributes: attributesOf({ 'service.name': service }) }, scopeSpans: [{ scope: { name: 'agent' }, spans }] }] };
}

/** A claude-code export of three tools/call spans at `startMs`: a client one, a server one (filtered out by default), and one without a tool. */
export function toolCallExport(tool: string, startMs: number) {
  const call = (spanId: string, kind: number, name: string, attributes: Record<string, string>) => span({ spanId, kind, name, startMs, attributes });
  return otlpExport('claude-code', [
    call('eee19b7ec3c1b174', 3, `tools/call ${tool}`, { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool, 'mcp.session.id': 'otel-1' }),
    call('eee19b7ec3c1b175', 2, `tools/call ${tool}`, { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool }),
    call('eee19b7ec3c1b176', 3, 'tools/call', { 'mcp.method.name': 'tools/call' }),
  ]);
}
