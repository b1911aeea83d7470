import type { z } from 'zod';
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

  private path(rest: string): string {
    return `${this.baseUrl}/api/projects/${encodeURIComponent(this.project)}${rest}`;
  }

  /** The surface, or null when it is the one `etag` names (304). */
  async surface(etag: string | null): Promise<FetchedSurface | null> {
    const res = await this.send('GET', '/surface', etag ? { 'if-none-match': etag } : {});
    if (res.status === 304) return null;
    const json = await this.json(res, 'GET /surface');
    const document = this.read(surfaceDocumentSchema, json, 'GET /surface');
    return { document, etag: res.headers.get('etag') ?? `"${document.fingerprint}"`, revision: document.version.surface };
  }

  async putCatalog(server: string, tools: CatalogTool[]): Promise<PutCatalogResult> {
    const res = await this.send('PUT', `/catalog/${encodeURIComponent(server)}`, { 'content-type': 'application/json' }, JSON.stringify({ tools }));
    return this.read(putCatalogResultSchema, await this.json(res, 'PUT /catalog'), 'PUT /catalog');
  }

  /** This proxy's report of itself (PUT /proxies/:proxyId). */
  async putProxyReport(proxyId: string, report: ProxyReport): Promise<ProxyView> {
    const res = await this.send('PUT', `/proxies/${encodeURIComponent(proxyId)}`, { 'content-type': 'application/json' }, JSON.stringify(report));
    return this.read(proxyViewSchema, await this.json(res, 'PUT /proxies'), 'PUT /proxies');
  }

  async postEvents(ndjson: string): Promise<IngestResult> {
    const res = await this.send('POST', '/events', { 'content-type': 'application/x-ndjson' }, ndjson);
    return this.read(ingestResultSchema, await this.json(res, 'POST /events'), 'POST /events');
  }

  private async send(method: string, rest: string, headers: Record<string, string>, body?: string): Promise<Response> {
    const all: Record<string, string> = { 'user-agent': 'favindex-proxy/0.1.0', ...headers };
    if (this.token) all.authorization = `Bearer ${this.token}`;
    let res: Response;
    try {
      res = await fetch(this.path(rest), { method, headers: all, body, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'manual' });
    } catch (err) {
      // undici names the failure in `cause`, or in the causes of an AggregateError (IPv4 and IPv6 both refused).
      const reason = (err as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
      const cause = reason?.code ?? reason?.errors?.[0]?.code ?? (reason as Error | undefined)?.message;
      const name = (err as Error).name;
      const why = name === 'TimeoutError' ? `no answer within ${Math.round(this.timeoutMs / 1000)} s` : (cause ?? (err as Error).message);
      throw new FavindexError(`cannot reach favindex at ${this.baseUrl}: ${why}`, null, true);
    }
    if (res.status < 400 || res.status === 304) return res;
    const text = await res.text().catch(() => '');
    let message = `HTTP ${res.status}`;
    let missingScope: TokenScope | null = null;
    try {
      const envelope = JSON.parse(text) as { error_code?: string; message?: string };
      if (envelope.message) message = `${envelope.message} (HTTP ${res.status} ${envelope.error_code})`;
      // The 403 envelope names the scope ("this token lacks the scope catalog:write (it has …)").
      const named = res.status === 403 ? /lacks the scope ([a-z]+:[a-z]+)/.exec(envelope.message ?? '')?.[1] : undefined;
      missingScope = TOKEN_SCOPES.find((s) => s === named) ?? null;
    } catch {
      // not the envelope: keep the status
    }
    throw new FavindexError(
      `favindex refused ${method} ${rest.split('/').slice(0, 2).join('/')}: ${message}`,
      res.status,
      res.status === 408 || res.status === 429 || res.status >= 500,
      missingScope,
    );
  }

  private async json(res: Response, what: string): Promise<unknown> {
    try {
      return await res.json();
    } catch {
      throw new FavindexError(`favindex answered ${what} with a body that is not JSON`, res.status, true);
    }
  }

  private read<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new FavindexError(
      `favindex answered ${what} with something this proxy does not know (${issue?.path.join('.')}: ${issue?.message}): use the proxy of the favindex version you run`,
      200,
      false,
    );
  }
}
