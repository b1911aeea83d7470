import { describe, expect, it } from 'vitest';
import { closestOps, listOpsText, opTried, readRouterCall, routerArgumentsAnswer, strayKeys, unknownOpAnswer, withoutSuggestedAction } from './router-calls';

const OPS = ['get_issue', 'list_issues', 'get_pull', 'list_pulls', 'get_branch'].map((op) => ({ op, canonical: `tracker/${op}`, note: `does ${op}` }));
const names = OPS.map((o) => o.op);

describe('the ops closest to one a router does not have', () => {
  it('puts the ops that share a word first, then those within a few edits, at most three', () => {
    expect(closestOps('read_issue', names)).toEqual(['get_issue', 'list_issues']);
    expect(closestOps('get_isue', names)).toEqual(['get_issue', 'get_pull', 'get_branch']);
    expect(closestOps('GET_PULL', names)[0]).toBe('get_pull');
    // A plural and its singular are one word.
    expect(closestOps('show_pulls', names)).toEqual(['list_pulls', 'get_pull']);
  });

  it('names none when nothing is close, and stays bounded on a long op', () => {
    expect(closestOps('deploy', names)).toEqual([]);
    expect(closestOps(`${'x'.repeat(100_000)}_issue`, names)).toEqual([]);
  });
});

describe('the answers a router call gets from the proxy', () => {
  it('an unknown op: the four-field envelope, the closest ops and list_ops to call next', () => {
    const { text, envelope } = unknownOpAnswer('tracker_read', 'read_issue', OPS);
    expect(envelope).toEqual({
      error_code: 'UNKNOWN_OP',
      message: "tracker_read has no op 'read_issue', so nothing was called.",
      retryable: true,
      suggested_action:
        'Call tracker_read with op="get_issue" or op="list_issues", or call tracker_read with op="list_ops" to see every op with its input schema.',
      cited_rule: '§routers',
      details: { router: 'tracker_read', op: 'read_issue', ops: names },
    });
    expect(text.split('\n')).toEqual([envelope.message, `Its ops: ${names.join(', ')}, list_ops.`, envelope.suggested_action]);
  });

  it('an op nothing is close to, a missing op and one that is no string: list_ops alone is the next call', () => {
    const far = unknownOpAnswer('tracker_read', 'deploy', OPS).envelope;
    expect(far.suggested_action).toBe('Call tracker_read with op="list_ops" to see every op with its input schema.');
    expect(unknownOpAnswer('tracker_read', undefined, OPS).envelope).toMatchObject({
      message: 'tracker_read needs an op, and the call named none, so nothing was called.',
      details: { op: '' },
    });
    expect(unknownOpAnswer('tracker_read', 7, OPS).envelope).toMatchObject({
      message: 'tracker_read needs an op as a string, and the call sent 7, so nothing was called.',
      details: { op: '7' },
    });
    expect(opTried({ a: 1 })).toBe('{"a":1}');
    // A long op is not sent back whole.
    const long = unknownOpAnswer('tracker_read', 'x'.repeat(10_000), OPS).envelope;
    expect(long.details.op).toBe(`${'x'.repeat(100)}…`);
    expect(long.message.length).toBeLessThan(200);
  });

  it("wrong arguments: the argument check's envelope, naming the router and op, with the op's schema and where the arguments go", () => {
    const schema = { type: 'object', properties: { repo: { type: 'string' } }, required: ['repo'] };
    const problems = [{ path: '$.repo', class: 'missing_required' as const, keyword: 'required', blocking: true }];
    const { text, envelope } = routerArgumentsAnswer('tracker_read', OPS[0]!, problems, schema, strayKeys({ op: 'get_issue', repo: 'x' }));
    expect(envelope).toEqual({
      error_code: 'INVALID_ARGUMENTS',
      message: "The arguments of op 'get_issue' of tracker_read do not match its inputSchema (1 problem), so it was not called.",
      retryable: true,
      suggested_action:
        'Call tracker_read again with op="get_issue" and "arguments" corrected as listed; keys are case-sensitive. The op\'s arguments go inside "arguments", not beside op ("repo" was sent beside it).',
      cited_rule: '§arguments',
      details: { tool: "op 'get_issue' of tracker_read", problems, router: 'tracker_read', op: 'get_issue', inputSchema: schema },
    });
    expect(text.split('\n')).toEqual([
      envelope.message,
      '- $.repo: required, and missing',
      envelope.suggested_action,
      `The input schema of op 'get_issue': ${JSON.stringify(schema)}`,
    ]);
  });

  it('list_ops: every op with its note and full input schema, as JSON', () => {
    const schema = { type: 'object', properties: { n: { type: 'string' } } };
    const listed = JSON.parse(listOpsText('tracker_read', [{ op: OPS[0]!, inputSchema: schema }]));
    expect(listed).toEqual({
      router: 'tracker_read',
      ops: [{ op: 'get_issue', note: 'does get_issue', inputSchema: schema }],
      call: expect.stringContaining('"op"'),
    });
  });
});

describe('a router call read once, for the proxy and the bake-off', () => {
  const router = { name: 'tracker_read', ops: OPS };
  const schemaOf = (op: { canonical: string }) => ({ type: 'object', title: op.canonical });
  const texts = (answer: { content: { text: string }[] }) => answer.content.map((c) => c.text);

  it('list_ops is answered with every op and its schema; a right op goes on with its arguments, {} when it sent none', () => {
    const listed = readRouterCall(router, { op: 'list_ops' }, schemaOf);
    expect(listed.kind).toBe('list_ops');
    if (listed.kind !== 'list_ops') return;
    expect(JSON.parse(texts(listed.answer)[0]!).ops).toHaveLength(OPS.length);
    expect(listed.answer.isError).toBeUndefined();
    expect(readRouterCall(router, { op: 'get_pull', arguments: { n: '1' }, repo: 'x' }, schemaOf)).toEqual({
      kind: 'op',
      via: { router: 'tracker_read', op: OPS[2], stray: ['repo'] },
      arguments: { n: '1' },
    });
    expect(readRouterCall(router, { op: 'get_pull' }, schemaOf)).toMatchObject({ kind: 'op', arguments: {} });
  });

  it('a wrong op is a tool error carrying the envelope; arguments that are no object are refused with the op’s schema', () => {
    const wrong = readRouterCall(router, { op: 'read_issue' }, schemaOf);
    if (wrong.kind !== 'unknown_op') throw new Error(`read as ${wrong.kind}`);
    const { text, envelope } = unknownOpAnswer('tracker_read', 'read_issue', OPS);
    expect(wrong.answer).toEqual({
      isError: true,
      content: [
        { type: 'text', text },
        { type: 'text', text: JSON.stringify(envelope) },
      ],
    });
    const bad = readRouterCall(router, { op: 'get_issue', arguments: 'x' }, schemaOf);
    expect(bad).toMatchObject({ kind: 'arguments_not_object', problems: [{ path: '$', class: 'type_error' }] });
    if (bad.kind === 'arguments_not_object') expect(texts(bad.answer)[0]).toContain(JSON.stringify(schemaOf(OPS[0]!)));
    // An array is no object of arguments either: a server would get a list where it reads keys.
    expect(readRouterCall(router, { op: 'get_issue', arguments: ['1'] }, schemaOf)).toMatchObject({ kind: 'arguments_not_object' });
  });

  it('with the envelope off, a wrong op’s answer is the same without suggested_action: not in the envelope, not in the text', () => {
    const full = unknownOpAnswer('tracker_read', 'read_issue', OPS);
    const bare = withoutSuggestedAction(full);
    const { suggested_action: _, ...rest } = full.envelope;
    expect(bare.envelope).toEqual(rest);
    expect(bare.text.split('\n')).toEqual([full.envelope.message, `Its ops: ${names.join(', ')}, list_ops.`]);
    const read = readRouterCall(router, { op: 'read_issue' }, schemaOf, { suggestedAction: false });
    if (read.kind !== 'unknown_op') throw new Error(`read as ${read.kind}`);
    expect(texts(read.answer)).toEqual([bare.text, JSON.stringify(bare.envelope)]);
    expect(JSON.stringify(read.answer)).not.toContain('list_ops" to see');
  });
});
