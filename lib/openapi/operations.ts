import type { z } from 'zod';
import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { AUTH_ENDPOINTS } from '@/lib/api/auth';
import { operationsOf } from '@/lib/api/endpoint';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { FINDABILITY_ENDPOINTS } from '@/lib/api/findability';
import { CHANGE_ENDPOINTS } from '@/lib/api/changes';
import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { IMPACT_ENDPOINTS } from '@/lib/api/impact';
import { META_ENDPOINTS } from '@/lib/api/meta';
import { OPERATIONS_ENDPOINTS } from '@/lib/api/operations';
import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { transcriptSchema } from '@/lib/bakeoff/results';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { projectDocumentSchema } from '@/lib/yaml/project-document';
import type { PathOperations } from './operation';

/**
 * Every operation of the API, by OpenAPI path and method, from the endpoint declarations of
 * lib/api (one file per resource): the one place the OpenAPI description (§errors envelope
 * included) is made from. Request schemas are the ones the routes parse with; every JSON
 * success response has its contract from lib/contracts. app/api/openapi.test.ts checks that
 * this lists exactly the route files' methods with the access each declares, and the API tests
 * check every real response against the contract its operation declares.
 */
export const API_OPERATIONS: Record<string, PathOperations> = {
  ...operationsOf(META_ENDPOINTS),
  ...operationsOf(AUTH_ENDPOINTS),
  ...operationsOf(PROJECT_ENDPOINTS),
  ...operationsOf(CHANGE_ENDPOINTS),
  ...operationsOf(CATALOG_ENDPOINTS),
  ...operationsOf(EVENT_ENDPOINTS),
  ...operationsOf(FAVOURITE_ENDPOINTS),
  ...operationsOf(POLICY_ENDPOINTS),
  ...operationsOf(ROUTER_ENDPOINTS),
  ...operationsOf(USAGE_ENDPOINTS),
  ...operationsOf(IMPACT_ENDPOINTS),
  ...operationsOf(SURFACE_ENDPOINTS),
  ...operationsOf(FINDABILITY_ENDPOINTS),
  ...operationsOf(BAKEOFF_ENDPOINTS),
  ...operationsOf(TOKEN_ENDPOINTS),
  ...operationsOf(PROXY_ENDPOINTS),
  ...operationsOf(YAML_ENDPOINTS),
  ...operationsOf(OPERATIONS_ENDPOINTS),
};

/** Schemas the document names once and refers to. */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  BakeoffTranscript: transcriptSchema,
  ProjectDocument: projectDocumentSchema,
  ToolCallTrace: toolCallTraceSchema,
};
