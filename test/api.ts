import { checkResponse } from './response-contracts';

/**
 * Calls the real route handlers with real Request objects, routed the way Next routes them
 * (static segments before [param] before [...catchAll]), without starting a server. Every
 * response is checked against the contract of its operation (test/response-contracts.ts): a
 * response that breaks it fails the test that asked for it.
 */
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

const modules = import.meta.glob<RouteModule>('/app/api/**/route.ts');

interface Route {
  segments: string[];
  load: () => Promise<RouteModule>;
}

const routes: Route[] = Object.entries(modules)
  .map(([file, load]) => ({
    segments: file
      .replace(/^\/app\//, '')
      .replace(/\/route\.ts$/, '')
      .split('/'),
    load,
  }))
  .sort((a, b) => specificity(b.segments) - specificity(a.segments));

function specificity(segments: string[]): number {
  return segments.reduce((score, s) => score * 3 + (s.startsWith('[...') ? 0 : s.startsWith('[') ? 1 : 2), segments.length);
}

/** `api/projects/[id]` → `/api/projects/{id}`, as lib/openapi/operations names it. */
function openApiTemplate(segments: string[]): string {
  return `/${segments.map((s) => s.replace(/^\[([^\].]+)\]$/, '{$1}')).join('/')}`;
}

function match(pathname: string): { route: Route; params: Record<string, string | string[]> } | null {
  const parts = pathname.replace(/^\//, '').split('/').map(decodeURIComponent);
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < route.segments.length && ok; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith('[...')) {
        params[seg.slice(4, -1)] = parts.slice(i);
        return parts.length > i ? { route, params } : null;
      }
      const part = parts[i];
      if (part === undefined) ok = false;
      else if (seg.startsWith('[')) params[seg.slice(1, -1)] = part;
      else if (seg !== part) ok = false;
    }
    if (ok && parts.length === route.segments.length) return { route, params };
  }
  return null;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, 'http://127.0.0.1:3000');
  const found = match(url.pathname);
  if (!found) throw new Error(`no route file matches ${url.pathname}`);
  const handler = (await found.route.load())[method];
  if (!handler) return { status: 405, headers: new Headers(), body: null as T, text: '' };
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const req = new Request(url, init);
  const res = await handler(req, { params: Promise.resolve(found.params) });
  const text = await res.text();
  checkResponse({
    method,
    url: `${url.pathname}${url.search}`,
    template: openApiTemplate(found.route.segments),
    status: res.status,
    headers: res.headers,
    text,
  });
  let parsed: unknown = text;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') && !type.includes('ndjson') && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const api = {
  get: <T = any>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = any>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T = any>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T = any>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T = any>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** The §errors envelope: every API error must have exactly these fields filled. */
export function expectEnvelope(res: ApiResponse, status: number, code: string): void {
  if (res.status !== status) throw new Error(`expected ${status} ${code}, got ${res.status}: ${res.text}`);
  const b = res.body as Record<string, unknown>;
  const ok =
    b &&
    b.error_code === code &&
    typeof b.message === 'string' &&
    b.message.length > 0 &&
    typeof b.retryable === 'boolean' &&
    typeof b.suggested_action === 'string' &&
    (b.suggested_action as string).length > 0 &&
    typeof b.cited_rule === 'string' &&
    (b.cited_rule as string).startsWith('§');
  if (!ok) throw new Error(`not a ${code} envelope: ${res.text}`);
}

export function ndjson(events: unknown[]): string {
  return `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
}
