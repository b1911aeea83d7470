import type { z } from 'zod';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { projectDocumentSchema } from '@/lib/yaml/project-document';
import type { PathOperations } from '../operation';
import { AUTH_OPERATIONS } from './auth';
import { CATALOG_OPERATIONS } from './catalog';
import { CHANGE_OPERATIONS } from './changes';
import { EVENT_OPERATIONS } from './events';
import { FAVOURITE_OPERATIONS } from './favourites';
import { FINDABILITY_OPERATIONS } from './findability';
import { IMPACT_OPERATIONS } from './impact';
import { META_OPERATIONS } from './meta';
import { POLICY_OPERATIONS } from './policy';
import { PROJECT_OPERATIONS } from './projects';
import { PROXY_OPERATIONS } from './proxies';
import { SURFACE_OPERATIONS } from './surface';
import { TOKEN_OPERATIONS } from './tokens';
import { USAGE_OPERATIONS } from './usage';
import { YAML_OPERATIONS } from './yaml';

/**
 * Every operation of the API, by OpenAPI path and method: the one place the OpenAPI
 * description (§errors envelope included) is made from, one file per tag. Request schemas are
 * the ones the handlers parse with; every JSON success response has its contract from
 * lib/contracts. app/api/openapi.test.ts checks that this lists exactly the route files'
 * methods with the access each declares, and the API tests check every real response against
 * the contract its operation declares.
 */
export const API_OPERATIONS: Record<string, PathOperations> = {
  ...META_OPERATIONS,
  ...AUTH_OPERATIONS,
  ...PROJECT_OPERATIONS,
  ...CHANGE_OPERATIONS,
  ...CATALOG_OPERATIONS,
  ...EVENT_OPERATIONS,
  ...FAVOURITE_OPERATIONS,
  ...POLICY_OPERATIONS,
  ...USAGE_OPERATIONS,
  ...IMPACT_OPERATIONS,
  ...SURFACE_OPERATIONS,
  ...FINDABILITY_OPERATIONS,
  ...TOKEN_OPERATIONS,
  ...PROXY_OPERATIONS,
  ...YAML_OPERATIONS,
};

/** Schemas the document names once and refers to. */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ProjectDocument: projectDocumentSchema,
  ToolCallTrace: toolCallTraceSchema,
};
