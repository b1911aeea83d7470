import { type IncomingMessage, ServerResponse } from 'node:http';
import type { RouteFamily, ServerMetrics } from './server-metrics';

/**
 * The route family of a request server.ts hands to Next (its own hot paths say theirs): a
 * proxy's report, an OTLP trace post, the rest of the API, or a page.
 */
export function routeFamilyOf(method: string | undefined, url: string | undefined): RouteFamily {
  const path = url ?? '/';
  if (!path.startsWith('/api/')) return 'pages';
  if (method === 'PUT' && /^\/api\/projects\/[^/?#]+\/proxies\/[^/?#]+(?:\?|$)/.test(path)) return 'proxy_reports';
  if (method === 'POST' && /^\/api\/projects\/[^/?#]+\/otlp\/v1\/traces(?:\?|$)/.test(path)) return 'events';
  return 'api';
}

/** A response that knows when its request came and which family it is of, and is timed when it finishes. */
export interface TimedResponse extends ServerResponse {
  family: RouteFamily;
}

/**
 * The ServerResponse class for http.createServer: each response notes when it was made (its
 * request's arrival) and, once finished, is observed into `metrics` under its family (set by
 * server.ts as it routes the request; a page until then). One listener, shared by every
 * response, reads them from the response itself: nothing is made per request besides.
 */
export function timedResponses(metrics: ServerMetrics): typeof ServerResponse<IncomingMessage> {
  function observeFinished(this: Timed): void {
    metrics.observeRequest(this.family, this.statusCode, (performance.now() - this.startedAt) / 1000);
  }
  class Timed extends ServerResponse<IncomingMessage> implements TimedResponse {
    family: RouteFamily = 'pages';
    readonly startedAt = performance.now();
    // Every argument node:http passes (the request, and its options, which the types leave out) goes on to ServerResponse.
    constructor(...args: [IncomingMessage]) {
      super(...args);
      this.on('finish', observeFinished);
    }
  }
  return Timed;
}

/** Say which family the request answered by `res` is of (responses of another server, such as the warm-up's, are not timed). */
export function timeAs(res: ServerResponse, family: RouteFamily): void {
  if ('family' in res) (res as TimedResponse).family = family;
}
