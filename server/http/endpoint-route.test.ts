import { describe, expect, it } from 'vitest';
import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { EncodedJson } from '@/lib/api/encoded-json';
import { META_ENDPOINTS } from '@/lib/api/meta';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { answer, endpointRoute } from './endpoint-route';
import { headRoute } from './head-route';

/*
 * A route's handler is checked against its declaration by tsc (npm run typecheck), as a route
 * file writes it: each line marked @ts-expect-error is a handler whose answer the contract
 * refuses, and if tsc accepted one the marker itself would fail the type check. Nothing here
 * is called; lib/api/endpoint.test.ts checks the answer types themselves.
 */
const session = { id: 's-1', calls: 3, toolCalls: 2, firstAt: '2026-12-04T18:00:00.000Z', lastAt: '2026-12-04T18:05:00.000Z', client: null, model: null };

describe('a route handler', () => {
  it('may answer what its declaration says, encoded ahead where the contract takes JSON', () => {
    const routes = [
      endpointRoute(SURFACE_ENDPOINTS.sessions, async () => answer(200, { sessions: [session] })),
      endpointRoute(SURFACE_ENDPOINTS.sessions, async () => answer(200, EncodedJson.of({ sessions: [session] }))),
      endpointRoute(BAKEOFF_ENDPOINTS.forget, async () => answer(204, null)),
      endpointRoute(BAKEOFF_ENDPOINTS.transcripts, async () => answer(200, '{"key":{}}\n', { 'content-disposition': 'attachment' })),
      headRoute(SURFACE_ENDPOINTS.surface, async () => answer(304, null, { etag: '"f"' })),
    ];
    expect(routes.map((route) => route.access)).toEqual(['admin', 'admin', 'bakeoffs:write', 'usage:read', 'surface:read']);
  });

  it('fails tsc when it answers a body, a status or an encoding its declaration does not take', () => {
    const routes = [
      // @ts-expect-error: a session's calls are a count, not a word
      endpointRoute(SURFACE_ENDPOINTS.sessions, async () => answer(200, { sessions: [{ ...session, calls: 'three' }] })),
      // @ts-expect-error: the list of sessions is an object, not an array
      endpointRoute(SURFACE_ENDPOINTS.sessions, async () => answer(200, [session])),
      // @ts-expect-error: the sessions answer 200 only
      endpointRoute(SURFACE_ENDPOINTS.sessions, async () => answer(201, { sessions: [] })),
      // @ts-expect-error: bytes encoded from another value are not the contract's either
      endpointRoute(SURFACE_ENDPOINTS.sessions, async () => answer(200, EncodedJson.of({ proxies: [] }))),
      // @ts-expect-error: a deleted run answers no body
      endpointRoute(BAKEOFF_ENDPOINTS.forget, async () => answer(204, { deleted: true })),
      // @ts-expect-error: the transcripts are text, and a text is not encoded JSON
      endpointRoute(BAKEOFF_ENDPOINTS.transcripts, async () => answer(200, EncodedJson.of('{"key":{}}\n'))),
      // @ts-expect-error: the description of the API is an OpenAPI document, not any object
      endpointRoute(META_ENDPOINTS.openapi, async () => answer(200, EncodedJson.of({ openapi: '3.0.0' }))),
      // @ts-expect-error: the surface's 304 has no body
      headRoute(SURFACE_ENDPOINTS.surface, async () => answer(304, EncodedJson.of({}), { etag: '"f"' })),
      // @ts-expect-error: only a GET declaration is answered from the request's head
      headRoute(SURFACE_ENDPOINTS.plan, async () => answer(200, EncodedJson.of({}))),
    ];
    expect(routes).toHaveLength(9);
  });
});
