import { policyAccessSchema, policyHistorySchema, policyViewSchema, policyWriteResultSchema } from '@/lib/contracts/policy';
import { BODY_LIMITS } from '@/lib/limits';
import { policyAccessQuerySchema, policyHistoryQuerySchema, savePolicyRequestSchema } from '@/lib/schemas/policy-requests';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** Who may use what: the tool policy per identity (§policy). */
export const POLICY_ENDPOINTS = {
  view: endpoint({
    method: 'get',
    path: '/api/projects/{id}/policy',
    params: projectParams,
    rule: '§policy',
    tag: 'policy',
    access: 'config:read',
    summary: 'The tool policy in force, its version, and what each known token and client may use',
    responses: {
      200: { description: 'The policy, its version (send it back as basis), and the known identities with their counts.', schema: policyViewSchema },
    },
  }),
  save: endpoint({
    method: 'put',
    path: '/api/projects/{id}/policy',
    params: projectParams,
    json: savePolicyRequestSchema,
    bodyLimit: BODY_LIMITS.document,
    rule: '§policy',
    tag: 'policy',
    access: 'config:write',
    summary: 'Save a tool policy, or plan it (dryRun)',
    description:
      'Answers the YAML diff, the catalog tools each known identity gains and loses, and warnings. With `basis`, saves only over that version (VERSION_MISMATCH with the new plan in details otherwise). The same policy again writes nothing (changed false).',
    responses: { 200: { description: 'The plan, or the change made.', schema: policyWriteResultSchema } },
    errors: ['VERSION_MISMATCH'],
  }),
  access: endpoint({
    method: 'get',
    path: '/api/projects/{id}/policy/access',
    params: projectParams,
    query: policyAccessQuerySchema,
    rule: '§policy',
    tag: 'policy',
    access: 'config:read',
    summary: 'Every catalog tool as one identity gets it, with the rule that decided',
    responses: { 200: { description: 'Each tool allowed or denied, by which rule and why.', schema: policyAccessSchema } },
  }),
  history: endpoint({
    method: 'get',
    path: '/api/projects/{id}/policy/history',
    params: projectParams,
    query: policyHistoryQuerySchema,
    rule: '§policy',
    tag: 'policy',
    access: 'config:read',
    summary: 'Tool policy changes, newest first',
    responses: { 200: { description: 'Each version: when, via what, before and after, and the change in one line.', schema: policyHistorySchema } },
  }),
};
