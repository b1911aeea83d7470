import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { forgetProxy, reportProxy } from '@/server/proxies/proxies';

/** A running proxy's report of itself, under events:write, bound to the token that sends it (§auth). */
export const PUT = endpointRoute(PROXY_ENDPOINTS.report, async ({ db, params, body, principal }) =>
  answer(200, await reportProxy(db, params.id, params.proxyId, body, principal.kind === 'token' ? principal.tokenId : null)),
);

/** Forget a proxy (one that no longer runs); a report from it later brings it back. */
export const DELETE = endpointRoute(PROXY_ENDPOINTS.forget, async ({ db, params }) => {
  await forgetProxy(db, params.id, params.proxyId);
  return answer(204, null);
});
