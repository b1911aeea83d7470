import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { ApiError } from '@/lib/errors';
import { displayUrl } from '@/lib/schemas/catalog-sync';
import { errorMessage } from '@/lib/thrown';
import { fieldOf } from '@/lib/records';

const CITED = '§catalog' as const;

/**
 * Say what went wrong talking to an MCP server, as the §errors envelope: unreachable or
 * overloaded is UPSTREAM_UNAVAILABLE (retryable); a refusal (credentials, wrong URL, not MCP)
 * is UPSTREAM_REJECTED; a tools/list favindex cannot store is UPSTREAM_INVALID.
 */
export function toUpstreamError(err: unknown, url: string, timeoutMs: number): ApiError {
  if (err instanceof ApiError) return err;
  const where = `the MCP server at ${displayUrl(url)}`;
  const revision = revisionError(err, where);
  if (revision) return revision;
  const unavailable = (what: string) =>
    new ApiError('UPSTREAM_UNAVAILABLE', `${where} ${what}`, {
      suggestedAction: 'check that the server is running and reachable from favindex, then sync again',
      citedRule: CITED,
    });
  const rejected = (what: string, suggestedAction: string) => new ApiError('UPSTREAM_REJECTED', `${where} ${what}`, { suggestedAction, citedRule: CITED });

  if (err instanceof SdkHttpError) {
    const status = err.status ?? 0;
    if (status === 401 || status === 403) {
      return rejected(`refused the credentials (HTTP ${status})`, 'check the headers registered for this server, e.g. Authorization');
    }
    if (status === 404 || status === 405) {
      return rejected(
        `answered HTTP ${status}: there is no Streamable HTTP MCP endpoint at that URL`,
        'use the URL of the MCP endpoint itself (it often ends in /mcp)',
      );
    }
    if (status === 408 || status === 429 || status >= 500) return unavailable(`answered HTTP ${status}`);
    return rejected(`answered HTTP ${status}: ${clip(err.message)}`, 'check the URL and headers of this server');
  }
  if (err instanceof SdkError) {
    if (err.code === SdkErrorCode.RequestTimeout) return unavailable(`did not answer within ${Math.round(timeoutMs / 1000)} s`);
    if (err.code === SdkErrorCode.ConnectionClosed) return unavailable('closed the connection');
    if (err.code === SdkErrorCode.ClientHttpUnexpectedContent) {
      return rejected(`did not answer as an MCP server (${clip(err.message)})`, 'check that the URL is the MCP endpoint');
    }
  }
  if (err instanceof ProtocolError) {
    if (err.code === ProtocolErrorCode.MethodNotFound) {
      return rejected('does not support tools/list', 'register an MCP server that offers tools');
    }
    return rejected(`answered with an error: ${clip(err.message)}`, 'check the server logs');
  }
  const name = fieldOf(err, 'name');
  if (name === 'TimeoutError' || name === 'AbortError') return unavailable(`did not answer within ${Math.round(timeoutMs / 1000)} s`);
  const cause = fieldOf(err, 'cause');
  const causeCode = fieldOf(cause, 'code');
  const causeMessage = fieldOf(cause, 'message');
  const code = typeof causeCode === 'string' ? causeCode : '';
  if (err instanceof TypeError && /fetch failed/i.test(err.message)) {
    if (code === 'ECONNREFUSED') return unavailable('refused the connection');
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return unavailable('could not be found (DNS lookup failed)');
    if (code.includes('TIMEOUT') || code === 'ETIMEDOUT') return unavailable(`did not answer within ${Math.round(timeoutMs / 1000)} s`);
    if (code.startsWith('ERR_SSL') || code.includes('CERT')) {
      return rejected(`failed the TLS handshake (${code})`, 'check the URL scheme (http or https) and the server certificate');
    }
    return unavailable(`could not be reached (${clip(typeof causeMessage === 'string' ? causeMessage : err.message)})`);
  }
  if (err instanceof SyntaxError || name === 'ZodError') {
    return new ApiError('UPSTREAM_INVALID', `${where} sent a message that is not valid MCP: ${clip(errorMessage(err))}`, {
      suggestedAction: 'check that the URL is an MCP endpoint and the server is up to date',
      citedRule: CITED,
    });
  }
  return unavailable(`failed: ${clip(err instanceof Error ? err.message : String(err))}`);
}

/**
 * The server and favindex have no MCP revision in common: the server refused the one asked for
 * (-32022, with the ones it speaks), or a pinned 2026-07-28 found a server that does not speak it.
 * Null for any other failure.
 */
export function revisionError(err: unknown, where: string): ApiError | null {
  const suggestedAction = 'set "protocol": "auto" on this server in the servers file (or the revision it speaks), or leave it out over HTTP';
  if (err instanceof SdkError && err.code === SdkErrorCode.EraNegotiationFailed) {
    return new ApiError('UPSTREAM_REJECTED', `${where} does not speak MCP 2026-07-28 (${clip(err.message, 160)})`, { suggestedAction, citedRule: CITED });
  }
  const message = err instanceof Error ? err.message : '';
  const code = fieldOf(err, 'code');
  if (code !== ProtocolErrorCode.UnsupportedProtocolVersion && !/"code"\s*:\s*-32022/.test(message)) return null;
  const data = fieldOf(err, 'data');
  const listed = fieldOf(data, 'supported');
  const supported = Array.isArray(listed) ? listed.map(String) : ((/"supported"\s*:\s*\[([^\]]*)\]/.exec(message)?.[1] ?? '').match(/[\w.-]+/g) ?? []);
  const asked = fieldOf(data, 'requested');
  const requested = typeof asked === 'string' ? asked : (/"requested"\s*:\s*"([^"]+)"/.exec(message)?.[1] ?? 'the revision asked for');
  const speaks = supported.length ? `speaks MCP ${supported.join(', ')}, not ${requested}` : `does not speak MCP ${requested}`;
  return new ApiError('UPSTREAM_REJECTED', `${where} ${speaks}`, { suggestedAction, citedRule: CITED });
}

/**
 * The one answer to a guarded connection (a live catalog sync) that did not become an MCP
 * session: refused address, DNS failure, closed port, timeout, an HTTP error, or something
 * that is not MCP all read alike, so a caller cannot use favindex to tell which ports of a
 * host are open. The URL is the caller's own, so it is left out: two targets, one message.
 */
export function unreachableTarget(): ApiError {
  return new ApiError(
    'UPSTREAM_UNAVAILABLE',
    'favindex could not open an MCP session at this URL: it cannot be reached from favindex, refused, or is not a Streamable HTTP MCP endpoint',
    {
      suggestedAction:
        'check the URL (the MCP endpoint itself, often ending in /mcp), its headers (such as Authorization) and that favindex can reach it; loopback, private and link-local addresses are refused unless favindex runs with FAVINDEX_SYNC_ALLOW_PRIVATE=1',
      citedRule: CITED,
    },
  );
}

function clip(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
