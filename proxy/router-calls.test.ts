import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { ArgumentCheckMode } from '@/lib/arguments/classes';
import { narrowPolicy } from '@/lib/policy/narrow';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { callTestBed, sessionOf } from '@/test/proxy-call-state';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { handleCall } from './calls';

/** A call to a router (§routers), through handleCall: what reaches a server, what the model reads, what is traced. */
const { bed, spool, proxyState } = callTestBed(ROUTERS_SERVERS);

function routersProxy(argumentChecks: ArgumentCheckMode = 'observe', policy: unknown = null) {
  const { state, upstreams } = proxyState();
  const narrowed = policy ? narrowPolicy(toolPolicySchema.parse(policy), 'ci') : null;
  const document = buildSurfaceDocument(
    {
      project: 'p',
      version: { catalog: 1, favourites: 1, surface: 1 },
      surface: { ...defaultSurfaceConfig(), mode: 'routers', argumentChecks },
      favourites: { enabled: true, maxFavourites: 15, tools: [] },
      routers: ROUTERS,
      policy: narrowed?.policy ?? null,
      policyRules: narrowed?.sources ?? [],
    },
    prepareCatalog(ROUTERS_SERVERS),
    'routers',
  );
  state.setSurface({ document, etag: `"${document.fingerprint}"`, revision: 1 });
  return { state, called: () => upstreams.flatMap((u) => u.called) };
}

const texts = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : ''));
const call = (op: unknown, args?: unknown) => ({ name: 'tracker_read', arguments: { op, ...(args === undefined ? {} : { arguments: args }) } });

describe('a router call', () => {
  it('list_ops: answered by the proxy with each op’s note and its tool’s full input schema, reaching no server', async () => {
    const { state, called } = routersProxy();
    const result = await handleCall(state, spool, sessionOf(null), call('list_ops'));
    expect(result.isError).toBeFalsy();
    const listed = JSON.parse(texts(result)[0]!);
    expect(listed.ops).toHaveLength(16);
    expect(listed.ops[0]).toEqual({
      op: 'get_issue',
      note: 'get a issue',
      inputSchema: { type: 'object', properties: { repo: { type: 'string' }, number: { type: 'string' } }, required: ['repo', 'number'] },
    });
    expect(called()).toEqual([]);
    expect(bed.traces).toEqual([
      expect.objectContaining({ tool: 'tracker_read', router: 'tracker_read', op: 'list_ops', status: 'ok', failureClasses: ['ok'] }),
    ]);
    expect(bed.traces[0]).not.toHaveProperty('canonical');
  });

  it('a right op: sent to its tool with the arguments, traced under the tool, the router and the op', async () => {
    const { state, called } = routersProxy();
    const result = await handleCall(state, spool, sessionOf(null), call('get_pull', { repo: 'r', number: '7' }));
    expect(result).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(called()).toEqual(['tracker/get_pull']);
    expect(bed.traces).toEqual([
      expect.objectContaining({ tool: 'tracker_read', router: 'tracker_read', op: 'get_pull', server: 'tracker', canonical: 'tracker/get_pull', status: 'ok' }),
    ]);
    // No arguments given: the tool gets {} and the check says what is missing.
    await handleCall(state, spool, sessionOf(null), call('list_issue'));
    expect(bed.traces[1]).toMatchObject({
      canonical: 'tracker/list_issue',
      argumentProblems: [expect.objectContaining({ path: '$.repo', class: 'missing_required' })],
    });
  });

  it('a wrong op: never reaches a server; the model reads the envelope, and the trace is an unknown_op with the op tried', async () => {
    const { state, called } = routersProxy();
    const result = await handleCall(state, spool, sessionOf(null), call('read_issue', { repo: 'r' }));
    expect(result.isError).toBe(true);
    const [text, json] = texts(result);
    expect(text).toContain("tracker_read has no op 'read_issue', so nothing was called.");
    expect(text).toContain('call tracker_read with op="list_ops"');
    expect(JSON.parse(json!)).toMatchObject({
      error_code: 'UNKNOWN_OP',
      retryable: true,
      cited_rule: '§routers',
      suggested_action: expect.stringContaining('op="get_issue"'),
    });
    // An op of the other router is no op of this one.
    await handleCall(state, spool, sessionOf(null), call('create_issue'));
    expect(called()).toEqual([]);
    expect(bed.started).toEqual([]);
    expect(bed.traces.map((t) => [t.router, t.op, t.errorCode, t.failureClasses, t.canonical])).toEqual([
      ['tracker_read', 'read_issue', 'unknown_op', ['unknown_op'], undefined],
      ['tracker_read', 'create_issue', 'unknown_op', ['unknown_op'], undefined],
    ]);
  });

  it('enforce: wrong arguments never reach the server; the envelope names the problems and gives the op’s schema', async () => {
    const { state, called } = routersProxy('enforce');
    const result = await handleCall(state, spool, sessionOf(null), { name: 'tracker_read', arguments: { op: 'get_issue', repo: 'r', number: '7' } });
    expect(result.isError).toBe(true);
    const envelope = JSON.parse(texts(result)[1]!);
    expect(envelope).toMatchObject({
      error_code: 'INVALID_ARGUMENTS',
      retryable: true,
      cited_rule: '§arguments',
      details: { router: 'tracker_read', op: 'get_issue', inputSchema: { required: ['repo', 'number'] } },
    });
    expect(envelope.details.problems.map((p: { path: string }) => p.path).sort()).toEqual(['$.number', '$.repo']);
    expect(envelope.suggested_action).toContain('go inside "arguments"');
    expect(called()).toEqual([]);
    expect(bed.traces).toEqual([
      expect.objectContaining({ canonical: 'tracker/get_issue', errorCode: 'invalid_arguments', failureClasses: ['missing_required'] }),
    ]);
    await handleCall(state, spool, sessionOf(null), call('get_issue', { repo: 'r', number: '7' }));
    expect(called()).toEqual(['tracker/get_issue']);
  });

  it('arguments that are no object are refused whatever the checks: a server takes only an object', async () => {
    const { state, called } = routersProxy('off');
    const result = await handleCall(state, spool, sessionOf(null), call('get_issue', 'repo=r'));
    expect(JSON.parse(texts(result)[1]!)).toMatchObject({
      error_code: 'INVALID_ARGUMENTS',
      details: { problems: [expect.objectContaining({ path: '$', class: 'type_error' })] },
    });
    expect(called()).toEqual([]);
  });

  it('holds back the ops of tools the policy denies: they are not in the enum, and a call of one is an unknown op', async () => {
    const { state, called } = routersProxy('observe', { rules: [{ effect: 'deny', tools: ['tracker/get_pull'], identities: ['token:ci'] }] });
    const router = state.presenter.listing(sessionOf(null)).tools.find((t) => t.name === 'tracker_read')!;
    const ops = (router.inputSchema.properties!.op as { enum: string[] }).enum;
    expect(ops).not.toContain('get_pull');
    expect(ops).toContain('list_ops');
    const result = await handleCall(state, spool, sessionOf(null), call('get_pull', { repo: 'r', number: '1' }));
    expect(JSON.parse(texts(result)[1]!).error_code).toBe('UNKNOWN_OP');
    expect(called()).toEqual([]);
  });
});
