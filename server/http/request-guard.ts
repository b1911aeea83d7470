import { ApiError } from '@/lib/errors';
import { API_OPERATIONS } from '@/lib/openapi/operations';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What a page answers to; Next renders a page for any method but TRACE, which it cannot take. */
const PAGE_METHODS = ['GET', 'HEAD'];

interface ApiRoute {
  pattern: RegExp;
  /** Static segments outrank parameters, as in Next's routing. */
  rank: number;
  allow: string[];
}

/** The API's routes and their methods, from the operations list that app/api/openapi.test.ts holds to the route files. */
const API_ROUTES: ApiRoute[] = Object.entries(API_OPERATIONS)
  .map(([template, operations]) => {
    const segments = template.split('/').slice(1);
    const methods = new Set(Object.keys(operations).map((m) => m.toUpperCase()));
    // Next answers HEAD from GET and OPTIONS itself.
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return {
      pattern: new RegExp(`^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
      rank: segments.reduce((score, s) => score * 2 + (s.startsWith('{') ? 0 : 1), 0),
      allow: METHOD_ORDER.filter((m) => methods.has(m)),
    };
  })
  .sort((a, b) => b.rank - a.rank);

/**
 * What the server refuses before Next sees a request, because Next would answer it with a
 * bare 500 or an empty 4xx (§errors): a path whose %-encoding does not decode, and a method
 * the route does not have (TRACE even crashes Next's request adapter). Null: pass it on.
 */
export function refuseEarly(method: string, url: string): ApiError | null {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  try {
    decodeURIComponent(pathname);
  } catch {
    return new ApiError('MALFORMED_REQUEST', 'the path is not valid percent-encoding', {
      suggestedAction: 'encode the path as UTF-8 with %XX escapes; a % sign itself is %25',
      citedRule: '§errors',
    });
  }
  if (!pathname.startsWith('/api/')) return method === 'TRACE' ? methodNotAllowed(method, pathname, PAGE_METHODS) : null;
  const route = API_ROUTES.find((r) => r.pattern.test(pathname));
  if (!route) {
    if (METHOD_ORDER.includes(method)) return null; // the catch-all route answers 404
    return new ApiError('NOT_FOUND', `no API route for ${method} ${pathname.slice(0, 200)}`, {
      suggestedAction: 'check the path; every API route is listed at /docs/api (and in /api/openapi.json)',
      citedRule: '§errors',
    });
  }
  return route.allow.includes(method) ? null : methodNotAllowed(method, pathname, route.allow);
}

function methodNotAllowed(method: string, pathname: string, allow: readonly string[]): ApiError {
  return new ApiError('METHOD_NOT_ALLOWED', `${method.slice(0, 20)} is not a method of ${pathname.slice(0, 200)}`, {
    suggestedAction: `use ${allow.join(', ')}`,
    citedRule: '§errors',
    headers: { allow: allow.join(', ') },
  });
}
