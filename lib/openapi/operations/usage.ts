import { argumentUsageSchema } from '@/lib/contracts/arguments';
import { identityUsageSchema } from '@/lib/contracts/identity-usage';
import { argumentUsageQuerySchema, identityUsageQuerySchema } from '@/lib/schemas/argument-usage';
import { suggestionsResponseSchema } from '@/lib/contracts/suggestions';
import { usageOverviewSchema, usageReportSchema } from '@/lib/contracts/usage';
import { suggestionsQuerySchema, usageOverviewQuerySchema, usageQuerySchema } from '@/lib/schemas/usage';
import type { PathOperations } from '../operation';

export const USAGE_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/usage': {
    get: {
      tag: 'usage',
      access: 'usage:read',
      summary: 'Usage over a window: ranked tools, totals, daily series, coverage, unresolved names',
      query: usageQuerySchema,
      responses: { 200: { description: 'The usage report of the window.', schema: usageReportSchema } },
    },
  },
  '/api/projects/{id}/usage/arguments': {
    get: {
      tag: 'usage',
      access: 'usage:read',
      summary: 'Why calls fail, per tool, model and client: well-formed rate, first call right, failure classes, wrong keys (§arguments)',
      query: argumentUsageQuerySchema,
      responses: { 200: { description: 'The tools whose arguments models get wrong most, worst first.', schema: argumentUsageSchema } },
    },
  },
  '/api/projects/{id}/usage/identities': {
    get: {
      tag: 'usage',
      access: 'usage:read',
      summary: 'Who calls: calls, failures and tool-policy refusals per token and client over the window (§policy)',
      query: identityUsageQuerySchema,
      responses: { 200: { description: 'Each token and client pair that called, most calls first.', schema: identityUsageSchema } },
    },
  },
  '/api/projects/{id}/suggestions': {
    get: {
      tag: 'usage',
      access: 'usage:read',
      summary: 'What to pin: the top tools of the window, what to add and remove, and the YAML that applies it',
      query: suggestionsQuerySchema,
      responses: { 200: { description: 'The suggestion, and the project YAML that applies it.', schema: suggestionsResponseSchema } },
    },
  },
  '/api/usage': {
    get: {
      tag: 'usage',
      access: 'admin',
      summary: "Every project's calls per day (the projects list's sparklines)",
      query: usageOverviewQuerySchema,
      responses: { 200: { description: "Each project's calls, every day of the window.", schema: usageOverviewSchema } },
    },
  },
};
