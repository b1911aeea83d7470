import { BODY_LIMITS } from '@/lib/limits';
import { proxyReportSchema } from '@/lib/schemas/proxies';
import { newProxyParams, proxyParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { forgetProxy, reportProxy } from '@/server/proxies/proxies';

/** A running proxy's report of itself; surface:read, which every working proxy holds (§auth). */
export const PUT = apiRoute(
  { access: 'surface:read', params: newProxyParams, body: proxyReportSchema, bodyLimit: BODY_LIMITS.document, rule: '§auth' },
  async ({ db, params, body }) => {
    return json(await reportProxy(db, params.id, params.proxyId, body));
  },
);

/** Forget a proxy (one that no longer runs); a report from it later brings it back. */
export const DELETE = apiRoute({ access: 'admin', params: proxyParams }, async ({ db, params }) => {
  await forgetProxy(db, params.id, params.proxyId);
  return new Response(null, { status: 204 });
});
