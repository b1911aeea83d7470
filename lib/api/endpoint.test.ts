import { describe, expect, expectTypeOf, it } from 'vitest';
import { BAKEOFF_ENDPOINTS } from './bakeoffs';
import { type AnswerOf, operationsOf, pathOf } from './endpoint';
import { PROXY_ENDPOINTS } from './proxies';

/*
 * A handler's answer is checked against its declaration by tsc (npm run typecheck): each line
 * marked @ts-expect-error below is an answer the contract refuses, and if one were accepted the
 * marker itself would fail the type check.
 */
type ListAnswer = AnswerOf<typeof PROXY_ENDPOINTS.list>;
type ForgetAnswer = AnswerOf<typeof PROXY_ENDPOINTS.forget>;
type TranscriptsAnswer = AnswerOf<typeof BAKEOFF_ENDPOINTS.transcripts>;

const proxy = {
  id: 'proxy-1',
  host: 'laptop',
  version: '0.1.0',
  startedAt: '2026-12-04T18:00:00.000Z',
  transport: 'stdio',
  state: 'running',
  surfaceRevision: 3,
  servers: [],
  clients: [{ name: 'claude-code', sessions: 1, protocols: ['2026-07-28'] }],
  presented: { count: 0, names: [] },
} as const;

describe('an answer as its endpoint declares it', () => {
  it('takes the declared status with the body its contract describes', () => {
    const ok = { status: 200, body: { connectedWithinMs: 90_000, proxies: [] } } satisfies ListAnswer;
    expectTypeOf<ListAnswer['body']['proxies'][number]['surfaceRevision']>().toEqualTypeOf<number | null>();
    const gone: ForgetAnswer = { status: 204, body: null };
    // A text answer (JSON lines here) is a string in its declared media type.
    const text: TranscriptsAnswer = { status: 200, body: '{"key":{}}\n', headers: { 'content-disposition': 'attachment' } };
    expect([ok.status, gone.status, text.status]).toEqual([200, 204, 200]);
  });

  it('refuses, at compile time, a body that does not fit, a status not declared, a body where none is', () => {
    // @ts-expect-error: a proxy without its host is not what the list's contract holds
    const missing: ListAnswer = { status: 200, body: { connectedWithinMs: 1, proxies: [{ ...proxy, host: undefined }] } };
    // @ts-expect-error: the list answers 200, never 201
    const status: ListAnswer = { status: 201, body: { connectedWithinMs: 1, proxies: [] } };
    // @ts-expect-error: a number is not a proxy's host
    const wrong: ListAnswer = { status: 200, body: { connectedWithinMs: 1, proxies: [{ ...proxy, host: 7 }] } };
    // @ts-expect-error: 204 has no body
    const body: ForgetAnswer = { status: 204, body: { deleted: true } };
    // @ts-expect-error: the transcripts are text, not an object
    const object: TranscriptsAnswer = { status: 200, body: { lines: [] } };
    expect([missing, status, wrong, body, object]).toHaveLength(5);
  });
});

describe('the path of an endpoint', () => {
  it('fills in each parameter, encoded, and adds the query where given', () => {
    expect(pathOf(PROXY_ENDPOINTS.forget, { id: 'my project', proxyId: 'px/2' })).toBe('/api/projects/my%20project/proxies/px%2F2');
    expect(pathOf(PROXY_ENDPOINTS.list, { id: 'p' }, { limit: 5, after: undefined })).toBe('/api/projects/p/proxies?limit=5');
    // @ts-expect-error: forgetting a proxy needs its id too
    expect(() => pathOf(PROXY_ENDPOINTS.forget, { id: 'p' })).toThrow();
    expect(pathOf(BAKEOFF_ENDPOINTS.transcripts, { id: 'p', runId: 'run-1' })).toBe('/api/projects/p/bakeoffs/run-1/transcripts');
  });
});

describe('the declarations as the OpenAPI document lists them', () => {
  it('by path and method, without what only the route reads', () => {
    const operations = operationsOf(PROXY_ENDPOINTS);
    expect(Object.keys(operations)).toEqual(['/api/projects/{id}/proxies', '/api/projects/{id}/proxies/{proxyId}']);
    expect(Object.keys(operations['/api/projects/{id}/proxies/{proxyId}']!)).toEqual(['put', 'delete']);
    const put = operations['/api/projects/{id}/proxies/{proxyId}']!.put!;
    expect(put).not.toHaveProperty('json');
    expect(put).not.toHaveProperty('bodyLimit');
    expect(put.body?.content).toHaveProperty(['application/json']);
  });
});
