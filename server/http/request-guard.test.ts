import { describe, expect, it } from 'vitest';
import { refuseEarly } from './request-guard';

const refusal = (method: string, url: string) => {
  const err = refuseEarly(method, url);
  return err && { status: err.status, code: err.code, allow: err.headers?.allow };
};

describe('refuseEarly', () => {
  it('passes the methods each route has, HEAD with GET, and OPTIONS', () => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['HEAD', '/api/projects/demo/surface?mode=eager'],
      ['OPTIONS', '/api/projects/demo'],
      ['DELETE', '/api/projects/demo/tokens/tok_1'],
      ['PUT', '/api/projects/demo/catalog/github'],
      ['POST', '/api/yaml/apply?dryRun=true'],
      ['GET', '/projects/demo'],
      ['POST', '/login'],
    ] as const) {
      expect(refuseEarly(method, url), `${method} ${url}`).toBeNull();
    }
  });

  it('answers a method a route lacks with 405 and the methods it has, static segments before parameters', () => {
    expect(refusal('TRACE', '/api/projects')).toEqual({ status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'GET, HEAD, POST, OPTIONS' });
    expect(refusal('DELETE', '/api/projects')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST, OPTIONS' });
    expect(refusal('PUT', '/api/projects/demo/surface')).toMatchObject({ status: 405, allow: 'GET, HEAD, OPTIONS' });
    expect(refusal('GET', '/api/yaml/apply')).toMatchObject({ status: 405, allow: 'POST, OPTIONS' });
    expect(refusal('PROPFIND', '/api/projects/demo/favourites/pin')).toMatchObject({ status: 405, allow: 'POST, OPTIONS' });
    expect(refusal('TRACE', '/')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
  });

  it('leaves unknown API paths to the catch-all, and answers 404 itself for methods it does not take', () => {
    expect(refuseEarly('GET', '/api/nothing/here')).toBeNull();
    expect(refusal('TRACE', '/api/nothing/here')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses a path whose %-encoding does not decode, on the API, the surface and pages alike', () => {
    for (const url of ['/api/projects/%zz/usage', '/api/projects/%zz/surface', '/api/projects/demo%E0%A4%A/usage', '/projects/%zz', '/%']) {
      expect(refusal('GET', url), url).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
    }
    // The query string is the route's to judge (a 400 naming the parameter).
    expect(refuseEarly('GET', '/api/projects/demo/usage?until=%zz')).toBeNull();
  });
});
