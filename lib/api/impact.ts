import { backtestReportSchema } from '@/lib/contracts/backtest';
import { impactReportSchema } from '@/lib/contracts/impact';
import { backtestQuerySchema, impactQuerySchema } from '@/lib/schemas/impact';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** Did a change help, and how many favourites to keep (§impact). */
export const IMPACT_ENDPOINTS = {
  report: endpoint({
    method: 'get',
    path: '/api/projects/{id}/impact',
    params: projectParams,
    query: impactQuerySchema,
    rule: '§impact',
    tag: 'impact',
    access: 'usage:read',
    summary: 'Did a change help: the surface revisions, and one change judged per model, client and mode with bootstrap intervals',
    description:
      'Compares the sessions of a revision (the latest, or `revision`, or the one that brought in `favouritesVersion`) with those of its baseline, within `window` days of each change (§impact).',
    responses: { 200: { description: 'The revisions with their calls, and the comparison.', schema: impactReportSchema } },
    errors: ['REVISION_NOT_FOUND'],
  }),
  backtest: endpoint({
    method: 'get',
    path: '/api/projects/{id}/backtest',
    params: projectParams,
    query: backtestQuerySchema,
    rule: '§impact',
    tag: 'impact',
    access: 'usage:read',
    summary: 'How many favourites, and how often to refresh: the suggestion rule, the pinned favourites and the best K, week by week',
    responses: { 200: { description: 'Each week, the summary, the curve over K and the ageing of a suggestion.', schema: backtestReportSchema } },
  }),
};
