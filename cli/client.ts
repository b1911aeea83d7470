import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { type FavindexAnswer, type FavindexFailure, FavindexHttpError, readContract, sendToFavindex } from '@/client/http';
import { type EndpointSpec, type PathParamNames, pathOf, type RequestBodyOf, type SuccessOf, successContract } from '@/lib/api/endpoint';
import { CliError, EXIT } from './exit-codes';

/** The body parsed, when it is JSON, is unknown until a contract reads it (request with `schema`). */
export type ApiAnswer = FavindexAnswer;

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
/**
 * A server restarting, or a proxy in front of it busy, passes in a second: a command asks a
 * repeatable request again twice before it says favindex cannot be reached.
 */
const CLI_RETRY = { attempts: 2, baseMs: 250 } as const;

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

  /** Call a declared endpoint (lib/api/): method and path from the declaration, the answer read with its success contract. */
  async call<E extends EndpointSpec>(
    spec: E,
    params: Record<PathParamNames<E['path']>, string>,
    options: Omit<RequestOptions, 'json'> & { json?: RequestBodyOf<E> } = {},
  ): Promise<ContractAnswer<SuccessOf<E>>> {
    const method = spec.method.toUpperCase();
    const path = pathOf(spec, params);
    const answer = await this.send(method, path, options);
    const contract = successContract(spec);
    // The declaration's contract is what SuccessOf<E> is the output of.
    return { ...answer, data: (contract ? this.read(method, path, contract, answer.json, 'JSON') : undefined) as SuccessOf<E> };
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
    const read = readContract(schema, body);
    if (read.ok) return read.data;
    throw this.unexpected(method, path, `${what} that does not match what this CLI expects (${read.issue})`);
  }

  private unexpected(method: string, path: string, what: string): CliError {
    return new CliError(EXIT.API_ERROR, `the server at ${this.baseUrl} answered ${method} ${path.split('?')[0]} with something unexpected: ${what}`, {
      suggestedAction: 'the server and this CLI may be of different versions: use the favindex CLI of the server you talk to',
    });
  }

  private async send(method: string, path: string, options: RequestOptions): Promise<ApiAnswer> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) query.set(key, String(value));
    const headers: Record<string, string> = { 'user-agent': `favindex-cli/${VERSION}`, 'x-favindex-via': 'cli', ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.json === undefined && options.contentType) headers['content-type'] = options.contentType;
    const search = query.size > 0 ? `${path.includes('?') ? '&' : '?'}${query}` : '';
    try {
      return await sendToFavindex({
        baseUrl: this.baseUrl,
        method,
        path: path + search,
        headers,
        json: options.json,
        body: options.body,
        timeoutMs: this.timeoutMs,
        redirect: 'manual',
        retry: CLI_RETRY,
      });
    } catch (err) {
      throw err instanceof FavindexHttpError ? this.cliErrorOf(err.failure) : err;
    }
  }

  /** Exit 3 when nothing (or not favindex) answered, 4 for a refused token, 1 for any other refusal. */
  private cliErrorOf(failure: FavindexFailure): CliError {
    if (failure.kind === 'unreachable') {
      return new CliError(EXIT.UNREACHABLE, `cannot reach favindex at ${this.baseUrl}: ${failure.reason}`, {
        suggestedAction: 'start the server (npm start), or point --url / FAVINDEX_URL at it',
      });
    }
    if (failure.kind === 'refused') {
      const { status, envelope } = failure;
      const exitCode = status === 401 || status === 403 ? EXIT.AUTH : EXIT.API_ERROR;
      return new CliError(exitCode, envelope.message, { suggestedAction: envelope.suggested_action, status, envelope });
    }
    return new CliError(EXIT.UNREACHABLE, `the server at ${this.baseUrl} answered ${failure.what}: it does not look like favindex`, {
      suggestedAction: 'check --url / FAVINDEX_URL: it is the address of the favindex server, e.g. http://127.0.0.1:3000',
      status: failure.status,
    });
  }
}
