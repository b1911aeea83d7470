import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { CliError, EXIT, type Envelope } from './exit-codes';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed, when it is JSON: unknown until a contract reads it (request with `schema`). */
  json: unknown;
}

/** An answer read with its contract (lib/contracts): `data` is the body as the contract types it. */
export interface ContractAnswer<T> extends ApiAnswer {
  data: T;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ContractRequestOptions<S extends z.ZodType> extends RequestOptions {
  /** The contract of the success answer: its JSON body must match, or the command fails. */
  schema: S;
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

  /**
   * Send a request; a success answer's JSON body is parsed with the operation's contract, and
   * one that does not match it is a CliError (exit 1), not a crash further on.
   */
  async request<S extends z.ZodType>(method: string, path: string, options: ContractRequestOptions<S>): Promise<ContractAnswer<z.output<S>>>;
  /** Send a request whose answer is not JSON (a YAML export): its text is the answer. */
  async request(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer>;
  async request(method: string, path: string, options: RequestOptions & { schema?: z.ZodType } = {}): Promise<ApiAnswer | ContractAnswer<unknown>> {
    const answer = await this.send(method, path, options);
    if (!options.schema) return answer;
    return { ...answer, data: this.read(method, path, options.schema, answer.json, 'JSON') };
  }

  /** GET a YAML answer whose every document must match `schema` (the project documents of an export). */
  async requestDocuments<S extends z.ZodType>(path: string, schema: S): Promise<ApiAnswer & { documents: z.output<S>[] }> {
    const answer = await this.send('GET', path, {});
    const documents = parseAllDocuments(answer.text);
    const list = Array.isArray(documents) ? documents : [documents];
    const broken = list.find((doc) => doc.errors.length > 0);
    if (broken) throw this.unexpected('GET', path, `a body that is not YAML: ${broken.errors[0]?.message ?? 'unreadable'}`);
    return { ...answer, documents: list.map((doc) => this.read('GET', path, schema, doc.toJS(), 'YAML')) };
  }

  /** The body as its contract reads it; one that does not match means the server is not the one this CLI knows. */
  private read<S extends z.ZodType>(method: string, path: string, schema: S, body: unknown, what: string): z.output<S> {
    if (body === undefined) throw this.unexpected(method, path, `no ${what} body`);
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const [issue] = parsed.error.issues;
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw this.unexpected(method, path, `${what} that does not match what this CLI expects (${where}${issue?.message ?? 'invalid'})`);
  }

  private unexpected(method: string, path: string, what: string): CliError {
    return new CliError(EXIT.API_ERROR, `the server at ${this.baseUrl} answered ${method} ${path.split('?')[0]} with something unexpected: ${what}`, {
      suggestedAction: 'the server and this CLI may be of different versions: use the favindex CLI of the server you talk to',
    });
  }

  private async send(method: string, path: string, options: RequestOptions): Promise<ApiAnswer> {
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
    let json: unknown;
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
