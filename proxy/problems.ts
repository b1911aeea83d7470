import { PROXY_SCOPES, type TokenScope } from '@/lib/schemas/tokens';
import { FavindexError } from './favindex-api';
import { isOneOf } from '@/lib/records';

/** The last thing that kept the proxy from working fully, as a status report sends it. */
export interface ProxyProblem {
  /** Stable for one cause ('unreachable', 'scope:catalog:write', …): the same cause is said once. */
  cause: string;
  message: string;
  at: string;
}

/** What a proxy cannot do without each of its scopes, in the line that names the missing one. */
const WITHOUT: Record<(typeof PROXY_SCOPES)[number], string> = {
  'catalog:write': "the MCP servers' tools are not uploaded as the project's catalog, so favindex cannot resolve these calls or pin these tools",
  'surface:read': "the proxy cannot read the project's surface and presents the default one (no favourites, mode or limits from favindex)",
  'events:write': 'no call reaches usage: traces stay on disk until a token may send them',
};

const TOKEN_FIX = `make a token with ${PROXY_SCOPES.join(', ')} under the project's Tokens tab and pass it with --token (or FAVINDEX_TOKEN)`;

/**
 * Failures of requests to favindex, said on stderr once per cause rather than once per retry
 * (the surface poll, catalog uploads and trace batches all retry), the last one kept.
 */
export class ProxyProblems {
  private readonly said = new Set<string>();
  last: ProxyProblem | null = null;

  constructor(
    private readonly url: string,
    private readonly log: (message: string) => void,
    /** Whether a surface is in force (cached or read), for what an unreachable favindex leaves. */
    private readonly hasSurface: () => boolean,
  ) {}

  /** A request to favindex (`what`: catalog upload, traces, surface) failed. */
  report(err: unknown, what: string): void {
    const { cause, line } = this.explain(err, what);
    this.last = { cause, message: line, at: new Date().toISOString() };
    if (this.said.has(cause)) return;
    this.said.add(cause);
    this.log(line);
  }

  /** favindex answered: it being unreachable later is news again. */
  reached(): void {
    if (this.said.delete('unreachable')) this.log(`favindex at ${this.url} answers again`);
    if (this.last?.cause === 'unreachable') this.last = null;
  }

  private explain(err: unknown, what: string): { cause: string; line: string } {
    const message = err instanceof Error ? err.message : String(err);
    if (!(err instanceof FavindexError)) return { cause: `${what}|${message}`, line: `${what}: ${message}` };
    if (err.status === null) {
      const surface = this.hasSurface() ? 'the last surface it read' : 'the default surface';
      return {
        cause: 'unreachable',
        line: `${message}: serving ${surface}, traces kept on disk until favindex answers; if favindex runs elsewhere, pass --url (or set FAVINDEX_URL)`,
      };
    }
    if (err.missingScope) {
      const without = isProxyScope(err.missingScope) ? WITHOUT[err.missingScope] : `${what} does not work`;
      return { cause: `scope:${err.missingScope}`, line: `the token lacks the scope ${err.missingScope}: ${without}; ${TOKEN_FIX}` };
    }
    if (err.status === 401) return { cause: `token|${message}`, line: `${message}; ${TOKEN_FIX}` };
    return { cause: `${what}|${message}`, line: `${what}: ${message}; trying again later` };
  }
}

function isProxyScope(scope: TokenScope): scope is (typeof PROXY_SCOPES)[number] {
  return isOneOf(PROXY_SCOPES, scope);
}
