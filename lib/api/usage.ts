import { argumentUsageSchema } from '@/lib/contracts/arguments';
import { identityUsageSchema } from '@/lib/contracts/identity-usage';
import { suggestionsResponseSchema } from '@/lib/contracts/suggestions';
import { usageOverviewSchema, usageReportSchema } from '@/lib/contracts/usage';
import { argumentUsageQuerySchema, identityUsageQuerySchema } from '@/lib/schemas/argument-usage';
import { suggestionsQuerySchema, usageOverviewQuerySchema, usageQuerySchema } from '@/lib/schemas/usage';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** What the models call, and what to pin (§usage). */
export const USAGE_ENDPOINTS = {
  report: endpoint({
    method: 'get',
    path: '/api/projects/{id}/usage',
    params: projectParams,
    query: usageQuerySchema,
    rule: '§usage',
    tag: 'usage',
    access: 'usage:read',
    summary: 'Usage over a window: ranked tools, totals, daily series, coverage, unresolved names',
    responses: { 200: { description: 'The usage report of the window.', schema: usageReportSchema } },
  }),
  arguments: endpoint({
    method: 'get',
    path: '/api/projects/{id}/usage/arguments',
    params: projectParams,
    query: argumentUsageQuerySchema,
    rule: '§arguments',
    tag: 'usage',
    access: 'usage:read',
    summary: 'Why calls fail, per tool, model and client: well-formed rate, first call right, failure classes, wrong keys (§arguments)',
    responses: { 200: { description: 'The tools whose arguments models get wrong most, worst first.', schema: argumentUsageSchema } },
  }),
  identities: endpoint({
    method: 'get',
    path: '/api/projects/{id}/usage/identities',
    params: projectParams,
    query: identityUsageQuerySchema,
    rule: '§policy',
    tag: 'usage',
    access: 'usage:read',
    summary: 'Who calls: calls, failures and tool-policy refusals per token and client over the window (§policy)',
    responses: { 200: { description: 'Each token and client pair that called, most calls first.', schema: identityUsageSchema } },
  }),
  suggestions: endpoint({
    method: 'get',
    path: '/api/projects/{id}/suggestions',
    params: projectParams,
    query: suggestionsQuerySchema,
    rule: '§usage',
    tag: 'usage',
    access: 'usage:read',
    summary: 'What to pin: the top tools of the window, what to add and remove, and the YAML that applies it',
    responses: { 200: { description: 'The suggestion, and the project YAML that applies it.', schema: suggestionsResponseSchema } },
  }),
  overview: endpoint({
    method: 'get',
    path: '/api/usage',
    query: usageOverviewQuerySchema,
    rule: '§usage',
    tag: 'usage',
    access: 'admin',
    summary: "Every project's calls per day (the projects list's sparklines)",
    responses: { 200: { description: "Each project's calls, every day of the window.", schema: usageOverviewSchema } },
  }),
};
