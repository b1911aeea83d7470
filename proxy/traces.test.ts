import { describe, expect, it } from 'vitest';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { traceEvent } from './traces';

describe('proxy traces', () => {
  const context = { sessionId: 's-1', client: 'claude-code', mode: 'favindex' as const, surfaceRevision: 7 };

  it('carries the presented name, server, outcome, session, client, mode and surface revision, with a fresh id each time', () => {
    const at = Date.parse('2026-11-29T10:00:00.000Z');
    const event = traceEvent({ tool: 'favourite/echo', server: 'everything', status: 'ok' }, context, at, 1.23456);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'tool_call_trace',
      timestamp: '2026-11-29T10:00:00.000Z',
      tool: 'favourite/echo',
      server: 'everything',
      status: 'ok',
      durationMs: 1.235,
      sessionId: 's-1',
      client: 'claude-code',
      mode: 'favindex',
      surfaceRevision: 7,
    });
    expect(traceEvent({ tool: 'x', status: 'ok' }, context, at, 1).id).not.toBe(event.id);
    expect(toolCallTraceSchema.safeParse(event).success).toBe(true);
  });

  it('leaves out what it does not know, and names an invoke target without the arguments', () => {
    const event = traceEvent(
      { tool: 'mcp_invoke_tool', server: 'github', arguments: { server: 'github', tool: 'list_issues' }, status: 'error', errorCode: 'upstream_unavailable' },
      { ...context, client: null, surfaceRevision: null },
      0,
      0,
    );
    expect(event).not.toHaveProperty('client');
    expect(event).not.toHaveProperty('surfaceRevision');
    expect(event).toMatchObject({ arguments: { server: 'github', tool: 'list_issues' }, status: 'error', errorCode: 'upstream_unavailable' });
  });

  it('carries the canonical name of a call routed to a tool beside the presented one, within what ingest takes', () => {
    const event = traceEvent({ tool: 'fav_echo', server: 'everything', canonical: 'everything/echo', status: 'ok' }, context, 0, 0);
    expect(event).toMatchObject({ tool: 'fav_echo', server: 'everything', canonical: 'everything/echo' });
    expect(toolCallTraceSchema.safeParse(event).success).toBe(true);
    expect(traceEvent({ tool: 'mcp_find_tools', status: 'ok' }, context, 0, 0)).not.toHaveProperty('canonical');
  });
});
