import { describe, expect, it } from 'vitest';
import { isReject, validateEvent } from '@/lib/events/validate-event';
import { TRACE_FIELD_LIMITS } from '@/lib/limits';
import { findNul } from '@/lib/nul';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { MAX_PROBLEM_PATH, MAX_PROBLEMS_PER_CALL } from '@/lib/arguments/classes';
import { boundTrace, type CallOutcome, finishTrace, fitText, NO_TOOL_NAME, startTrace, type TraceContext } from './traces';

/** A whole trace, begun and finished at once, as handleCall makes one for a call it answers itself. */
function traceEvent(outcome: CallOutcome, context: TraceContext, startedAt: number, durationMs: number): Record<string, unknown> {
  return finishTrace(startTrace(outcome.tool, context, startedAt), outcome, durationMs);
}

describe('proxy traces', () => {
  const context = { sessionId: 's-1', client: 'claude-code', protocol: '2026-07-28', mode: 'favindex' as const, surfaceRevision: 7 };

  it('carries the presented name, server, outcome, session, client, MCP revision, mode and surface revision, with a fresh id each time', () => {
    const at = Date.parse('2026-11-29T10:00:00.000Z');
    const event = traceEvent({ tool: 'favourite/echo', server: 'everything', status: 'ok' }, context, at, 1.23456);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'tool_call_trace',
      timestamp: '2026-11-29T10:00:00.000Z',
      tool: 'favourite/echo',
      server: 'everything',
      status: 'ok',
      failureClasses: ['ok'],
      durationMs: 1.235,
      sessionId: 's-1',
      client: 'claude-code',
      protocolVersion: '2026-07-28',
      mode: 'favindex',
      surfaceRevision: 7,
    });
    expect(traceEvent({ tool: 'x', status: 'ok' }, context, at, 1).id).not.toBe(event.id);
    expect(toolCallTraceSchema.safeParse(event).success).toBe(true);
  });

  it('leaves out what it does not know, and names an invoke target without the arguments', () => {
    const event = traceEvent(
      { tool: 'mcp_invoke_tool', server: 'github', arguments: { server: 'github', tool: 'list_issues' }, status: 'error', errorCode: 'upstream_unavailable' },
      { ...context, client: null, protocol: null, surfaceRevision: null },
      0,
      0,
    );
    expect(event).not.toHaveProperty('client');
    expect(event).not.toHaveProperty('protocolVersion');
    expect(event).not.toHaveProperty('surfaceRevision');
    expect(event).toMatchObject({ arguments: { server: 'github', tool: 'list_issues' }, status: 'error', errorCode: 'upstream_unavailable' });
  });

  it('carries the canonical name of a call routed to a tool beside the presented one, within what ingest takes', () => {
    const event = traceEvent({ tool: 'fav_echo', server: 'everything', canonical: 'everything/echo', status: 'ok' }, context, 0, 0);
    expect(event).toMatchObject({ tool: 'fav_echo', server: 'everything', canonical: 'everything/echo' });
    expect(toolCallTraceSchema.safeParse(event).success).toBe(true);
    expect(traceEvent({ tool: 'mcp_find_tools', status: 'ok' }, context, 0, 0)).not.toHaveProperty('canonical');
  });

  it('cuts every text of a giant trace to what ingest takes, so favindex stores it (a name of several MiB, NUL, a lone surrogate)', () => {
    const huge = (c: string) => c.repeat(4 << 20);
    const event = traceEvent(
      {
        tool: huge('t'),
        server: 'github',
        canonical: `github/${huge('c')}`,
        arguments: { server: huge('s'), tool: `bad\u0000${huge('x')}` },
        status: 'error',
        errorCode: huge('e'),
      },
      { ...context, sessionId: huge('i'), client: `\ud800${huge('k')}` },
      Date.now(),
      1e12,
    );
    const checked = validateEvent(0, event, Date.now());
    expect(isReject(checked) ? checked.message : 'stored').toBe('stored');
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(16 * 1024);
    expect(event.tool).toMatch(/^t+…#[0-9a-f]{12}$/);
    expect((event.tool as string).length).toBe(TRACE_FIELD_LIMITS.tool);
    expect(event.canonical).toMatch(/^github\/c+…#[0-9a-f]{12}$/);
    expect(event.client).toMatch(/^\ufffdk+…#/);
    expect((event.arguments as { tool: string }).tool).toMatch(/^bad\ufffdx+…#/);
    expect(event.durationMs).toBe(TRACE_FIELD_LIMITS.durationMs);
  });

  it('cuts a long name the same way each time, and two long names sharing their start differently', () => {
    const a = `${'n'.repeat(600)}a`;
    const b = `${'n'.repeat(600)}b`;
    expect(fitText(a, 512)).toBe(fitText(a, 512));
    expect(fitText(a, 512)).not.toBe(fitText(b, 512));
    expect(fitText('short', 512)).toBe('short');
    // A surrogate pair at the cut is kept whole or left out, never halved.
    const emoji = fitText('😀'.repeat(400), 512);
    expect(emoji.length).toBeLessThanOrEqual(512);
    expect(findNul(emoji)).toBeNull();
  });

  it('leaves out a server no server can be named and a canonical that is not server/tool, and names a call without a name', () => {
    const event = boundTrace({ id: 'e1', tool: '', server: 'not a server!', canonical: 'no-slash', timestamp: new Date().toISOString() });
    expect(event).toEqual({ id: 'e1', tool: NO_TOOL_NAME, timestamp: expect.any(String) });
    expect(toolCallTraceSchema.safeParse(event).success).toBe(true);
  });

  it('classes every call: an invented name or server, the arguments checked, or the server failing it', () => {
    const classes = (outcome: Parameters<typeof traceEvent>[0]) => traceEvent(outcome, context, 0, 0).failureClasses;
    expect(classes({ tool: 'made_up', status: 'error', errorCode: 'unknown_tool', invented: 'tool' })).toEqual(['invented_tool']);
    expect(classes({ tool: 'mcp_invoke_tool', status: 'error', errorCode: 'unknown_server', invented: 'server' })).toEqual(['invented_server']);
    expect(classes({ tool: 'fav_x', status: 'error', errorCode: 'tool_error', problems: [] })).toEqual(['server_error']);
    const wrong = traceEvent(
      {
        tool: 'fav_run_report',
        status: 'ok',
        problems: [
          { path: '$.startDate', class: 'missing_required', keyword: 'required', blocking: true },
          { path: '$.start', class: 'unexpected_param', keyword: 'additionalProperties', suggestion: 'startDate', blocking: false },
          { path: '$.limit', class: 'type_error', keyword: 'type', expected: 'must be integer', blocking: true },
        ],
      },
      context,
      0,
      0,
    );
    expect(wrong.failureClasses).toEqual(['missing_required', 'unexpected_param', 'type_error']);
    // What the schema wanted stays out of the trace; the key it stood for goes with it.
    expect(wrong.argumentProblems).toEqual([
      { path: '$.startDate', class: 'missing_required', keyword: 'required', blocking: true },
      { path: '$.start', class: 'unexpected_param', keyword: 'additionalProperties', suggestion: 'startDate', blocking: false },
      { path: '$.limit', class: 'type_error', keyword: 'type', blocking: true },
    ]);
    expect(traceEvent({ tool: 'fav_x', status: 'ok' }, context, 0, 0)).not.toHaveProperty('argumentProblems');
    expect(traceEvent({ tool: 'fav_x', status: 'ok', problems: [] }, context, 0, 0).argumentProblems).toEqual([]);
  });

  it('keeps argument problems within their limits, whatever a spool holds', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      path: `$.${'k'.repeat(5_000)}${i}`,
      class: 'unexpected_param',
      keyword: 'x'.repeat(999),
      blocking: false,
    }));
    const event = boundTrace({
      id: 'e1',
      tool: 't',
      failureClasses: ['unexpected_param', 'made_up', 'unexpected_param'],
      argumentProblems: [{ path: 1, class: 'nonsense' }, 'junk', ...many],
    });
    expect(event.failureClasses).toEqual(['unexpected_param']);
    const problems = event.argumentProblems as { path: string; keyword: string }[];
    expect(problems).toHaveLength(MAX_PROBLEMS_PER_CALL);
    expect(problems.every((p) => p.path.length <= MAX_PROBLEM_PATH && p.keyword.length <= 64)).toBe(true);
    expect(new Set(problems.map((p) => p.path)).size).toBe(MAX_PROBLEMS_PER_CALL);
    expect(boundTrace({ id: 'e2', tool: 't', failureClasses: 'ok', argumentProblems: {} })).toEqual({ id: 'e2', tool: 't' });
  });
});
