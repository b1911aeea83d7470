import { describe, expect, it, vi } from 'vitest';
import type { ArgumentCheckMode } from '@/lib/arguments/classes';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { callTestBed, sessionOf } from '@/test/proxy-call-state';
import { handleCall } from './calls';

const SERVERS: { name: string; tools: CatalogTool[] }[] = [
  {
    name: 'files',
    tools: [
      {
        name: 'read_file',
        description: 'Read a file',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    ],
  },
];

const { bed, spool, proxyState } = callTestBed(SERVERS);

/** A proxy whose project checks arguments in `mode`; `order` hears each call reach the server and each check. */
function proxyChecking(mode: ArgumentCheckMode) {
  const { state, upstreams } = proxyState();
  const surface = { ...defaultSurfaceConfig(), mode: 'eager' as const, argumentChecks: mode };
  const document = buildSurfaceDocument(
    { project: 'p', version: { catalog: 1, favourites: 1, surface: 1 }, surface, favourites: { enabled: true, maxFavourites: 15, tools: [] }, policy: null },
    prepareCatalog(SERVERS),
    'eager',
  );
  state.setSurface({ document, etag: `"${document.fingerprint}"`, revision: 1 });
  const order: string[] = [];
  const upstream = upstreams[0]!;
  const call = upstream.call.bind(upstream);
  vi.spyOn(upstream, 'call').mockImplementation((params) => {
    order.push('server');
    return call(params);
  });
  const check = state.argumentChecks.check.bind(state.argumentChecks);
  vi.spyOn(state.argumentChecks, 'check').mockImplementation((...args) => {
    order.push('check');
    return check(...args);
  });
  const name = state.presenter.listing(sessionOf(null)).tools[0]?.name ?? 'none';
  return { state, upstream, order, name };
}

describe('handleCall and the argument check', () => {
  it('observe: the call goes to the server first, the check runs while it works, and what it found is in the trace', async () => {
    const { state, upstream, order, name } = proxyChecking('observe');
    const result = await handleCall(state, spool, sessionOf(null), { name, arguments: { path: 7 } });
    expect(result.isError).toBeFalsy();
    expect(order).toEqual(['server', 'check']);
    expect(upstream.called).toEqual(['files/read_file']);
    expect(bed.traces).toEqual([
      expect.objectContaining({ status: 'ok', argumentProblems: [expect.objectContaining({ path: '$.path', class: 'type_error' })] }),
    ]);
  });

  it('enforce: the check comes first, and a call it refuses never reaches the server', async () => {
    const { state, upstream, order, name } = proxyChecking('enforce');
    const refused = await handleCall(state, spool, sessionOf(null), { name, arguments: {} });
    expect(refused.isError).toBe(true);
    expect(order).toEqual(['check']);
    expect(upstream.called).toEqual([]);
    await handleCall(state, spool, sessionOf(null), { name, arguments: { path: 'a.txt' } });
    expect(order).toEqual(['check', 'check', 'server']);
    expect(bed.traces.map((t) => [t.status, t.errorCode])).toEqual([
      ['error', 'invalid_arguments'],
      ['ok', undefined],
    ]);
  });

  it('observe: a check that fails does not fail a call the server ran; it is said, and the call counts unchecked', async () => {
    const { state, name } = proxyChecking('observe');
    vi.mocked(state.argumentChecks.check).mockImplementation(() => {
      throw new Error('schema walk blew up');
    });
    const result = await handleCall(state, spool, sessionOf(null), { name, arguments: { path: 'a.txt' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(bed.traces).toEqual([expect.objectContaining({ status: 'ok' })]);
    expect(bed.traces[0]).not.toHaveProperty('argumentProblems');
    expect(bed.lines).toContain('files/read_file: the argument check failed (schema walk blew up); this call is counted unchecked');
  });
});

describe('handleCall and a call under way (§events)', () => {
  it('puts the call in the spool as started (status unknown) before the server sees it, and its trace, of the same id, after', async () => {
    const { state, upstream, name } = proxyChecking('observe');
    let startedWhenCalled: Record<string, unknown>[] = [];
    vi.mocked(upstream.call).mockImplementation(async () => {
      startedWhenCalled = [...bed.started];
      return { content: [{ type: 'text', text: 'done' }] };
    });
    await handleCall(state, spool, sessionOf('claude-code'), { name, arguments: { path: 'a.txt' } });
    expect(startedWhenCalled).toEqual([
      expect.objectContaining({ tool: name, client: 'claude-code', server: 'files', canonical: 'files/read_file', status: 'unknown' }),
    ]);
    expect(startedWhenCalled[0]).not.toHaveProperty('durationMs');
    expect(bed.traces).toEqual([expect.objectContaining({ id: startedWhenCalled[0]?.id, status: 'ok', durationMs: expect.any(Number) })]);
  });

  it('starts no call that never goes to a server', async () => {
    const { state } = proxyChecking('observe');
    await expect(handleCall(state, spool, sessionOf(null), { name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect(bed.started).toEqual([]);
    expect(bed.traces).toEqual([expect.objectContaining({ status: 'error', errorCode: 'unknown_tool' })]);
  });
});
