import type { IncomingMessage } from 'node:http';

/**
 * What the checks before a handler read of a request: its method, absolute URL and headers.
 * A Web Request is one; `nodeRequestHead` makes one of a node:http request without building a
 * Request, for the endpoint served ahead of Next (its headers are read, never copied).
 */
export interface RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

/** A node:http request as a RequestHead; its URL is built the way Next builds it, from Host. */
export function nodeRequestHead(req: IncomingMessage): RequestHead {
  const host = req.headers.host;
  const path = req.url ?? '/';
  return {
    // Next answers HEAD with the GET handler; so does the direct path.
    method: req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'),
    url: `http://${host && isPlainHost(host) ? host : 'localhost'}${path.startsWith('/') ? path : `/${path}`}`,
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

// A Host that would change the URL's meaning (a path, userinfo, a space) is not a host.
function isPlainHost(host: string): boolean {
  return /^[A-Za-z0-9.\-_~[\]:]+$/.test(host);
}
