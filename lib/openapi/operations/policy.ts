import { policyAccessSchema, policyHistorySchema, policyViewSchema, policyWriteResultSchema } from '@/lib/contracts/policy';
import { policyAccessQuerySchema, policyHistoryQuerySchema, savePolicyRequestSchema } from '@/lib/schemas/policy-requests';
import type { PathOperations } from '../operation';
import { JSON_TYPE } from './shared';

export const POLICY_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/policy': {
    get: {
      tag: 'policy',
      access: 'config:read',
      summary: 'The tool policy in force, its version, and what each known token and client may use',
      responses: {
        200: { description: 'The policy, its version (send it back as basis), and the known identities with their counts.', schema: policyViewSchema },
      },
    },
    put: {
      tag: 'policy',
      access: 'config:write',
      summary: 'Save a tool policy, or plan it (dryRun)',
      description:
        'Answers the YAML diff, the catalog tools each known identity gains and loses, and warnings. With `basis`, saves only over that version (VERSION_MISMATCH with the new plan in details otherwise). The same policy again writes nothing (changed false).',
      body: { required: true, content: { [JSON_TYPE]: savePolicyRequestSchema } },
      responses: { 200: { description: 'The plan, or the change made.', schema: policyWriteResultSchema } },
      errors: ['VERSION_MISMATCH'],
    },
  },
  '/api/projects/{id}/policy/access': {
    get: {
      tag: 'policy',
      access: 'config:read',
      summary: 'Every catalog tool as one identity gets it, with the rule that decided',
      query: policyAccessQuerySchema,
      responses: { 200: { description: 'Each tool allowed or denied, by which rule and why.', schema: policyAccessSchema } },
    },
  },
  '/api/projects/{id}/policy/history': {
    get: {
      tag: 'policy',
      access: 'config:read',
      summary: 'Tool policy changes, newest first',
      query: policyHistoryQuerySchema,
      responses: { 200: { description: 'Each version: when, via what, before and after, and the change in one line.', schema: policyHistorySchema } },
    },
  },
};
