import { describe, expect, it } from 'vitest';
import { extractToolCallSpans, serverHints, type SpanKindFilter } from './spans-to-events';

const START = 1_795_000_000_000; // ms

function exportOf(spans: unknown[], resource: Record<string, string> = { 'service.name': 'agent' }) {
  return {
    resourceSpans: [
      {
        resource: { attributes: Object.entries(resource).map(([key, stringValue]) => ({ key, value: { stringValue } })) },
        scopeSpans: [{ scope: { name: 'x' }, spans }],
      },
    ],
  };
}

function span(fields: Record<string, unknown>, attributes: Record<string, unknown> = {}) {
  return {
    spanId: 'a1b2c3d4e5f60718',
    name: 'tools/call x',
    startTimeUnixNano: String(BigInt(START) * 1_000_000n),
    attributes: Object.entries({ 'mcp.method.name': { stringValue: 'tools/call' }, ...attributes }).map(([key, value]) => ({ key, value })),
    ...fields,
  };
}

const noServers = serverHints([]);
const extract = (doc: unknown, spanKind: SpanKindFilter = 'client', servers = noServers) => extractToolCallSpans(doc, { spanKind, servers });

describe('extractToolCallSpans', () => {
  it('reads the fields exporters encode differently: enum names, int64 as numbers, ints as ids', () => {
    const { outcomes } = extract(
      exportOf([
        span(
          {
            kind: 'SPAN_KIND_CLIENT',
            startTimeUnixNano: START * 1e6,
            endTimeUnixNano: String(BigInt(START + 250) * 1_000_000n),
            status: { code: 'STATUS_CODE_ERROR' },
          },
          { 'gen_ai.tool.name': { stringValue: 'get_pods' }, 'mcp.session.id': { intValue: '42' }, 'rpc.response.status_code': { stringValue: '-32602' } },
        ),
      ]),
    );
    expect(outcomes).toEqual([
      {
        spanId: 'a1b2c3d4e5f60718',
        event: expect.objectContaining({
          id: 'otel:a1b2c3d4e5f60718',
          timestamp: new Date(START).toISOString(),
          tool: 'get_pods',
          sessionId: '42',
          status: 'error',
          errorCode: '-32602',
          durationMs: 250,
          client: 'agent',
        }),
      },
    ]);
  });

  it('takes the tool from the span name when gen_ai.tool.name is missing, and arguments structured or as JSON text', () => {
    const kvlist = {
      kvlistValue: {
        values: [
          { key: 'server', value: { stringValue: 'k8s' } },
          { key: 'tool', value: { stringValue: 'get_pods' } },
        ],
      },
    };
    const { outcomes } = extract(
      exportOf([
        span({ name: 'tools/call list_files' }),
        span({ spanId: 'a1b2c3d4e5f60719' }, { 'gen_ai.tool.name': { stringValue: 'mcp_invoke_tool' }, 'gen_ai.tool.call.arguments': kvlist }),
        span(
          { spanId: 'a1b2c3d4e5f6071a' },
          { 'gen_ai.tool.name': { stringValue: 'mcp_invoke_tool' }, 'gen_ai.tool.call.arguments': { stringValue: '{"tool_name":"x"' } },
        ),
      ]),
    );
    expect(outcomes.map((o) => ('event' in o ? [o.event.tool, o.event.arguments] : o.error))).toEqual([
      ['list_files', undefined],
      ['mcp_invoke_tool', { server: 'k8s', tool: 'get_pods' }],
      ['mcp_invoke_tool', undefined],
    ]);
  });

  it('counts one side of a call: client spans by default, server spans on request', () => {
    const doc = exportOf([span({ kind: 3 }), span({ spanId: 'a1b2c3d4e5f60719', kind: 2 }), span({ spanId: 'a1b2c3d4e5f6071a', kind: 1 })]);
    expect(extract(doc, 'client')).toMatchObject({ filteredOut: 1, outcomes: [{ spanId: 'a1b2c3d4e5f60718' }, { spanId: 'a1b2c3d4e5f6071a' }] });
    expect(extract(doc, 'server')).toMatchObject({ filteredOut: 2, outcomes: [{ spanId: 'a1b2c3d4e5f60719' }] });
    expect(extract(doc, 'all').outcomes).toHaveLength(3);
  });

  it('ignores spans that are not MCP tools/call, and names servers only from what the catalog knows', () => {
    const servers = serverHints([
      { name: 'k8s', syncUrl: 'https://mcp.internal:8443/mcp' },
      { name: 'a', syncUrl: 'http://shared.local/a' },
      { name: 'b', syncUrl: 'http://shared.local/b' },
      { name: 'github', syncUrl: null },
    ]);
    const address = (host: string, port?: number) => ({
      'server.address': { stringValue: host },
      ...(port ? { 'server.port': { intValue: port } } : {}),
    });
    const doc = exportOf(
      [
        span({ attributes: [{ key: 'mcp.method.name', value: { stringValue: 'tools/list' } }] }),
        span({ name: 'chat', attributes: [] }),
        span({ spanId: '0000000000000001' }, address('mcp.internal', 8443)),
        span({ spanId: '0000000000000002' }, address('mcp.internal')),
        span({ spanId: '0000000000000003' }, address('shared.local', 80)),
        span({ spanId: '0000000000000004', kind: 2 }),
      ],
      { 'service.name': 'github' },
    );
    const servered = extract(doc, 'all', servers).outcomes.map((o) => ('event' in o ? o.event.server : o.error));
    // shared.local hosts two servers: its address tells nothing.
    expect(servered).toEqual(['k8s', 'k8s', undefined, 'github']);
  });

  it('rejects a span it cannot identify or date, and refuses a body that is not an export', () => {
    const { outcomes } = extract(exportOf([span({ spanId: 'AQIDBAUGBwg=' }), span({ startTimeUnixNano: 'soon' }), span({ startTimeUnixNano: 1e30 })]));
    expect(outcomes.map((o) => ('error' in o ? o.error : 'ok'))).toEqual([
      expect.stringContaining('16 hex digits'),
      expect.stringContaining('startTimeUnixNano is missing'),
      'startTimeUnixNano is out of range',
    ]);
    expect(() => extract([])).toThrow(/not an ExportTraceServiceRequest/);
    expect(() => extract({ resourceSpans: [{ scopeSpans: 'x' }] })).toThrow(/scopeSpans must be an array/);
    expect(extract({}).outcomes).toEqual([]);
  });
});
