import type { z } from 'zod';
import { type FavindexAnswer, FavindexHttpError, readContract, sendToFavindex } from '@/client/http';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { type EndpointSpec, type PathParamNames, pathOf } from '@/lib/api/endpoint';
import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { putCatalogResultSchema, type PutCatalogResult } from '@/lib/contracts/catalog';
import { type IngestResult, ingestResultSchema } from '@/lib/contracts/events';
import { type SurfaceDocument, surfaceDocumentSchema } from '@/lib/contracts/surface';
import { type ProxyView, proxyViewSchema } from '@/lib/contracts/proxies';
import type { CatalogTool } from '@/lib/schemas/catalog';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { TOKEN_SCOPES, type TokenScope } from '@/lib/schemas/tokens';

/** How a request to favindex failed: `retry` says whether the same request may succeed later. */
export class FavindexError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retry: boolean,
    /** A 403 for a scope the token lacks: which one. */
    readonly missingScope: TokenScope | null = null,
  ) {
    super(message);
  }
}

export interface FetchedSurface {
  document: SurfaceDocument;
  etag: string;
  /** `version.surface`: the surface revision traces carry. */
  revision: number | null;
}

/** favindex's API as the proxy uses it: the surface, catalog uploads and event batches, with the project token. */
export class FavindexApi {
  constructor(
    readonly baseUrl: string,
    readonly project: string,
    private readonly token: string | null,
    private readonly timeoutMs: number,
  ) {}

  /** The surface, or null when it is the one `etag` names (304). */
  async surface(etag: string | null): Promise<FetchedSurface | null> {
    const res = await this.send(SURFACE_ENDPOINTS.surface, { id: this.project }, etag ? { 'if-none-match': etag } : {});
    if (res.status === 304) return null;
    const document = this.read(surfaceDocumentSchema, this.json(res, 'GET /surface'), 'GET /surface');
    return { document, etag: res.headers.get('etag') ?? `"${document.fingerprint}"`, revision: document.version.surface };
  }

  async putCatalog(server: string, tools: CatalogTool[]): Promise<PutCatalogResult> {
    const res = await this.send(CATALOG_ENDPOINTS.upload, { id: this.project, server }, { 'content-type': 'application/json' }, JSON.stringify({ tools }));
    return this.read(putCatalogResultSchema, this.json(res, 'PUT /catalog'), 'PUT /catalog');
  }

  /** This proxy's report of itself (PUT /proxies/:proxyId). */
  async putProxyReport(proxyId: string, report: ProxyReport): Promise<ProxyView> {
    const res = await this.send(PROXY_ENDPOINTS.report, { id: this.project, proxyId }, { 'content-type': 'application/json' }, JSON.stringify(report));
    return this.read(proxyViewSchema, this.json(res, 'PUT /proxies'), 'PUT /proxies');
  }

  async postEvents(ndjson: string): Promise<IngestResult> {
    const res = await this.send(EVENT_ENDPOINTS.ingest, { id: this.project }, { 'content-type': 'application/x-ndjson' }, ndjson);
    return this.read(ingestResultSchema, this.json(res, 'POST /events'), 'POST /events');
  }

  /** One of the project's endpoints, as declared. */
  private async send<E extends EndpointSpec>(
    spec: E,
    params: Record<PathParamNames<E['path']>, string>,
    headers: Record<string, string>,
    body?: string,
  ): Promise<FavindexAnswer> {
    const all: Record<string, string> = { 'user-agent': 'favindex-proxy/0.1.0', ...headers };
    if (this.token) all.authorization = `Bearer ${this.token}`;
    const method = spec.method.toUpperCase();
    try {
      return await sendToFavindex({
        baseUrl: this.baseUrl,
        method,
        path: pathOf(spec, params),
        headers: all,
        body,
        timeoutMs: this.timeoutMs,
        redirect: 'manual',
      });
    } catch (err) {
      if (!(err instanceof FavindexHttpError)) throw err;
      throw this.proxyErrorOf(`${method} ${routeOf(spec.path)}`, err);
    }
  }

  private proxyErrorOf(route: string, err: FavindexHttpError): FavindexError {
    const f = err.failure;
    if (f.kind === 'unreachable') return new FavindexError(`cannot reach favindex at ${this.baseUrl}: ${f.reason}`, null, true);
    // A success cut short or garbled on the way: the same request may well work next time.
    if (f.kind === 'not-favindex' && f.status < 300) return new FavindexError(`favindex answered ${route} with a body that is not JSON`, f.status, true);
    let message = `HTTP ${f.status}`;
    let missingScope: TokenScope | null = null;
    if (f.kind === 'refused') {
      message = `${f.envelope.message} (HTTP ${f.status} ${f.envelope.error_code})`;
      // The 403 envelope names the scope ("this token lacks the scope catalog:write (it has …)").
      const named = f.status === 403 ? /lacks the scope ([a-z]+:[a-z]+)/.exec(f.envelope.message)?.[1] : undefined;
      missingScope = TOKEN_SCOPES.find((s) => s === named) ?? null;
    }
    return new FavindexError(`favindex refused ${route}: ${message}`, f.status, err.retryable, missingScope);
  }

  /** The JSON body of a success answer; none is an answer this proxy cannot use, and may be a passing fault. */
  private json(res: FavindexAnswer, what: string): unknown {
    if (res.json === undefined) throw new FavindexError(`favindex answered ${what} with a body that is not JSON`, res.status, true);
    return res.json;
  }

  private read<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
    const read = readContract(schema, json);
    if (read.ok) return read.data;
    throw new FavindexError(
      `favindex answered ${what} with something this proxy does not know (${read.issue}): use the proxy of the favindex version you run`,
      200,
      false,
    );
  }
}

/** How an error names the endpoint: the part of its path after the project, e.g. `/catalog` for `/api/projects/{id}/catalog/{server}`. */
function routeOf(path: string): string {
  return `/${path.split('/')[4] ?? ''}`;
}
