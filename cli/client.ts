import { CliError, EXIT, type Envelope } from './exit-codes';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed, when it is JSON. */
  json: any;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const VERSION = '0.1.0';

/**
 * The favindex HTTP API as the CLI uses it: the token as a Bearer, `X-Favindex-Via: cli` so
 * favourites changes are recorded as made from here, and every failure turned into a CliError
 * with its exit code (3 unreachable, 4 auth, 1 any other refusal).
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string | null,
    private readonly timeoutMs: number,
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer> {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { 'user-agent': `favindex-cli/${VERSION}`, 'x-favindex-via': 'cli', ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.contentType) headers['content-type'] = options.contentType;

    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'manual' });
      text = await res.text();
    } catch (err) {
      throw this.unreachable(err);
    }
    let json: any;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        json = JSON.parse(text);
      } catch {
        throw this.notFavindex(res.status, 'a body that is not valid JSON');
      }
    }
    if (res.status >= 200 && res.status < 300) return { status: res.status, headers: res.headers, text, json };
    if (isEnvelope(json)) {
      const exitCode = res.status === 401 || res.status === 403 ? EXIT.AUTH : EXIT.API_ERROR;
      throw new CliError(exitCode, json.message, { suggestedAction: json.suggested_action, status: res.status, envelope: json });
    }
    throw this.notFavindex(res.status, `HTTP ${res.status} (${res.headers.get('content-type') || 'no content type'})`);
  }

  private unreachable(err: unknown): CliError {
    const name = (err as { name?: string }).name;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${Math.round(this.timeoutMs / 1000)} s`
        : cause?.code === 'ECONNREFUSED'
          ? 'connection refused'
          : cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN'
            ? 'host not found'
            : (cause?.code ?? cause?.message ?? (err as Error).message);
    return new CliError(EXIT.UNREACHABLE, `cannot reach favindex at ${this.baseUrl}: ${why}`, {
      suggestedAction: 'start the server (npm start), or point --url / FAVINDEX_URL at it',
    });
  }

  private notFavindex(status: number, what: string): CliError {
    return new CliError(EXIT.UNREACHABLE, `the server at ${this.baseUrl} answered ${what}: it does not look like favindex`, {
      suggestedAction: 'check --url / FAVINDEX_URL: it is the address of the favindex server, e.g. http://127.0.0.1:3000',
      status,
    });
  }
}

function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && typeof (value as Envelope).error_code === 'string' && typeof (value as Envelope).message === 'string';
}

/** A path segment as the API expects it. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
