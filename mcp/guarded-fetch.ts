import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/server';
import { isForbiddenAddress, literalAddress } from '@/lib/net/forbidden-address';

/** Which targets a guarded connection may reach: public addresses only, unless private ones are allowed. */
export interface TargetPolicy {
  allowPrivate: boolean;
}

/** A target refused by the policy; callers turn it into the same error as any unreachable one. */
export class ForbiddenTargetError extends Error {
  readonly code = 'FORBIDDEN_TARGET';
}

/**
 * Resolve every address of a host name and refuse it when any is forbidden; otherwise hand
 * the socket exactly the addresses checked. Checking and connecting on one resolution leaves
 * no gap for a DNS answer that changes in between (rebinding).
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    // dns.lookup's callback types both forms; with all: true (forced above) it is a list. The callback type is overloaded the same way.
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isForbiddenAddress(a.address))) {
      return callback(new ForbiddenTargetError(`'${hostname}' resolves to an address a sync may not reach`), '', 0);
    }
    // Sound: with options.all the caller asked for the list form of the overloaded callback.
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const [first] = list;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

async function bodyBytes(body: RequestInit['body']): Promise<Buffer | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(await new Response(body).arrayBuffer());
}

/**
 * A fetch for connections favindex makes on a caller's behalf (live catalog sync): over
 * node:http with the policy's address check, on the literal host and on every address a
 * name resolves to. It never follows a redirect itself (the MCP transport follows same-origin
 * ones through this fetch again), and each request gets its own socket.
 */
export function guardedFetch(policy: TargetPolicy): FetchLike {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`fetch failed: ${url.protocol} is not http or https`);
    const literal = literalAddress(url.hostname);
    if (!policy.allowPrivate && literal !== null && isForbiddenAddress(literal)) {
      throw new ForbiddenTargetError(`${literal} is an address a sync may not reach`);
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers));
    const body = await bodyBytes(init.body);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(
        url,
        {
          method,
          headers,
          agent: false,
          signal: init.signal ?? undefined,
          ...(policy.allowPrivate ? {} : { lookup: checkedLookup }),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 599) {
            res.destroy();
            reject(new TypeError(`fetch failed: HTTP status ${status}`));
            return;
          }
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
            else if (value !== undefined) responseHeaders.set(name, value);
          }
          const empty = NULL_BODY_STATUSES.has(status) || method === 'HEAD';
          if (empty) res.resume();
          // Node types toWeb's stream as ReadableStream<any>; an HTTP response is bytes.
          const stream = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
          resolve(new Response(stream, { status, statusText: res.statusMessage, headers: responseHeaders }));
        },
      );
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  };
}
