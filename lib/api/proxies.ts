import { proxyListSchema, proxyViewSchema } from '@/lib/contracts/proxies';
import { BODY_LIMITS } from '@/lib/limits';
import { proxyReportSchema } from '@/lib/schemas/proxies';
import { endpoint } from './endpoint';
import { newProxyParams, projectParams, proxyParams } from './params';

/** The proxies of a project, as they report themselves. */
export const PROXY_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/projects/{id}/proxies',
    params: projectParams,
    tag: 'proxies',
    access: 'admin',
    summary: 'The proxies that reported themselves, connected first',
    description:
      'A proxy is connected while it runs and its last report is newer than `connectedWithinMs` (90 s, three report intervals). While one is, the preview counts only the servers connected proxies run.',
    responses: { 200: { description: 'Every proxy the project keeps, connected ones first, then the most recently seen.', schema: proxyListSchema } },
  }),
  report: endpoint({
    method: 'put',
    path: '/api/projects/{id}/proxies/{proxyId}',
    params: newProxyParams,
    json: proxyReportSchema,
    bodyLimit: BODY_LIMITS.document,
    rule: '§auth',
    tag: 'proxies',
    access: 'events:write',
    summary: "A proxy's report of itself: its servers, clients, what it presents, its backlog and last error",
    description:
      "Sent by `favindex proxy` at start, about a second after a change, every 30 s and once when it stops (`state: stopped`). The last report wins. Under events:write, the scope a proxy sends its traces with, so a token that only reads cannot make or change a proxy. A proxy is the token's that reports it: another token's report of it is 403 while that token is active. A token keeps at most 100 proxies, apart from every other token's; a proxy not heard from for 7 days is forgotten.",
    responses: { 200: { description: 'The proxy as stored.', schema: proxyViewSchema } },
    errors: ['PROXY_LIMIT_REACHED'],
  }),
  forget: endpoint({
    method: 'delete',
    path: '/api/projects/{id}/proxies/{proxyId}',
    params: proxyParams,
    tag: 'proxies',
    access: 'admin',
    summary: 'Forget a proxy; a report from it later brings it back',
    responses: { 204: { description: 'Forgotten.', mediaType: null } },
    errors: ['PROXY_NOT_FOUND'],
  }),
};
