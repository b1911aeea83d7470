import { z } from 'zod';
import { type DetailedErrorCode, ERROR_DETAILS } from '@/lib/contracts/error-details';
import { errorEnvelopeSchema } from '@/lib/contracts/errors';
import type { OpenApiDocumentView } from '@/lib/contracts/openapi';
import { ERROR_STATUS, type ErrorCode } from '@/lib/errors';
import { serverNameSchema } from '@/lib/schemas/catalog';
import { projectIdSchema } from '@/lib/schemas/projects';
import { proxyIdSchema } from '@/lib/schemas/proxies';
import { type Access, PROXY_SCOPES, SERVER_SCOPES, TOKEN_SCOPE_HELP, TOKEN_SCOPES } from '@/lib/schemas/tokens';
import packageJson from '@/package.json';
import { isOneOf } from '@/lib/records';
import type { HttpMethod, JsonSchema, Operation, SchemaSource } from './operation';
import { API_OPERATIONS, NAMED_SCHEMAS } from './operations';
import { itemAt } from '@/lib/arrays';

export const OPENAPI_VERSION = '3.1.0';

const PATH_PARAMETERS: Record<string, { schema: z.ZodType; description: string }> = {
  id: { schema: projectIdSchema, description: 'The project id.' },
  server: { schema: serverNameSchema, description: 'A catalog server name.' },
  tokenId: { schema: z.string().min(1).max(1_024), description: 'A token id (not its secret).' },
  proxyId: { schema: proxyIdSchema, description: "A proxy's own id, kept in its state folder." },
  runId: { schema: z.string().min(1).max(1_024), description: 'A bake-off run id, as the upload answered it (run-…).' },
};

const ERROR_RESPONSE_REF = { $ref: '#/components/responses/Error' };
const ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/**
 * zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect). Requests as they are written (`input`:
 * before defaults and transforms); responses as the server writes them (`output`: an object
 * lists every key it may hold, and no others). A date-time keeps its format, not zod's regex.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  // zod types its JSON Schema output loosely; the override hook writes plain JSON Schema objects.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ jsonSchema: out }) => {
      if (out.format === 'date-time' || out.format === 'date') delete out.pattern;
      // zod's whole numbers carry the safe-integer bounds: noise in what a response holds.
      if (io === 'output' && out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
      if (io === 'output' && out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
    },
  }) as JsonSchema;
  return rest;
}

function resolveSchema(source: SchemaSource, io: 'input' | 'output' = 'input'): JsonSchema {
  // Sound: _zod is on every zod schema and on no plain JSON Schema.
  if ('_zod' in source) return jsonSchema(source as z.ZodType, io);
  if (typeof source.component === 'string') return { $ref: `#/components/schemas/${source.component}` };
  // Sound: not zod and not a component reference, so the declaration gave a JSON Schema.
  return source as JsonSchema;
}

/** The error codes an operation may answer with: its own, plus those its shape implies. */
function errorCodes(path: string, op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors ?? []);
  const add = (more: readonly ErrorCode[]) => {
    for (const code of more) codes.add(code);
  };
  if (op.access !== 'public') add(['UNAUTHORIZED', 'FORBIDDEN', 'ORIGIN_REJECTED']);
  if (path.includes('{')) codes.add('INVALID_PARAMETER');
  if (path.includes('{id}')) codes.add('PROJECT_NOT_FOUND');
  if (op.query) codes.add('INVALID_PARAMETER');
  if (op.body && op.jsonBody !== false) {
    add(['MALFORMED_REQUEST', 'JSON_TOO_DEEP', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED']);
  }
  return [...codes];
}

function isDetailed(code: string): code is DetailedErrorCode {
  return code in ERROR_DETAILS;
}

/** The component that describes a code's `details`: VERSION_MISMATCH → VersionMismatchDetails. */
function detailsComponent(code: DetailedErrorCode): string {
  return `${code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Details`;
}

/**
 * The envelope of one status: plain when none of its codes carries details; else one envelope
 * per code, told apart by `error_code`, each with the `details` that code declares.
 */
function envelopeOf(codes: readonly ErrorCode[]): Record<string, unknown> {
  if (!codes.some(isDetailed)) return ENVELOPE_REF;
  return {
    oneOf: codes.map((code) => ({
      allOf: [
        ENVELOPE_REF,
        {
          type: 'object',
          properties: {
            error_code: { const: code },
            ...(isDetailed(code) ? { details: { $ref: `#/components/schemas/${detailsComponent(code)}` } } : {}),
          },
        },
      ],
    })),
  };
}

function errorResponses(codes: ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    list.sort();
    out[String(status)] = {
      description: `The §errors envelope; error_code ${list.join(' or ')}.`,
      content: { 'application/json': { schema: envelopeOf(list) } },
    };
  }
  return out;
}

function security(access: Access): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'admin') return [{ adminSession: [] }];
  return [{ projectToken: [access] }, { adminSession: [] }];
}

function accessNote(access: Access): string {
  if (access === 'public') return 'Access: anyone.';
  if (access === 'admin') return 'Access: the admin only (the session cookie in password mode; loopback requests in local mode). Project tokens are refused.';
  const whose = isOneOf(SERVER_SCOPES, access) ? 'any project' : 'this project';
  return `Access: a project token of ${whose} with scope \`${access}\` (${TOKEN_SCOPE_HELP[access]}), or the admin.`;
}

function operationId(method: HttpMethod, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.]/)
    .filter(Boolean)
    .flatMap((part) => (part.startsWith('{') ? ['by', part.slice(1, -1)] : part.split(/[^A-Za-z0-9]+/)));
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function operationObject(path: string, method: HttpMethod, op: Operation): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = [];
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    // The group is not optional, so every match captures it.
    const name = itemAt(match, 1);
    const known = PATH_PARAMETERS[name];
    if (!known) throw new Error(`no schema for path parameter {${name}} of ${path}`);
    parameters.push({ name, in: 'path', required: true, description: known.description, schema: jsonSchema(known.schema) });
  }
  if (op.query) {
    const query = jsonSchema(op.query);
    // A query schema is a z.object, so zod writes required as a list and properties as an object.
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  for (const header of op.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: header.schema ?? { type: 'string' },
    });
  }
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(op.responses)) {
    const mediaType = spec.mediaType === undefined ? 'application/json' : spec.mediaType;
    responses[status] = {
      description: spec.description,
      ...(spec.headers
        ? { headers: Object.fromEntries(Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }
        : {}),
      ...(mediaType ? { content: { [mediaType]: spec.schema ? { schema: resolveSchema(spec.schema, 'output') } : {} } } : {}),
    };
  }
  Object.assign(responses, errorResponses(errorCodes(path, op)), { default: ERROR_RESPONSE_REF });
  return {
    operationId: operationId(method, path),
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, accessNote(op.access)].filter(Boolean).join('\n\n'),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            ...(op.body.description ? { description: op.body.description } : {}),
            content: Object.fromEntries(Object.entries(op.body.content).map(([type, source]) => [type, { schema: resolveSchema(source) }])),
          },
        }
      : {}),
    responses,
    security: security(op.access),
    'x-favindex-access': op.access,
  };
}

const DESCRIPTION = `favindex ingests MCP tool-call events, ranks usage, keeps per-project favourites, previews the tool list a model sees per mode, and serves it to proxies.

Every error answer is the §errors envelope (components.schemas.ErrorEnvelope); \`error_code\` is stable and maps to one HTTP status.

Authentication: without FAVINDEX_ADMIN_PASSWORD the server runs in local mode (loopback only, every request from it is the admin). In password mode the admin is the session cookie from POST /api/auth/login, and writes riding on it must carry the server's Origin. Project tokens (\`Authorization: Bearer fvx_…\`) open their own project only, for their scopes; a token that is sent is checked in both modes.`;

/** The document as its own contract describes it (GET /api/openapi.json answers it). */
export type OpenApiDocument = OpenApiDocumentView;

/** The OpenAPI 3.1 description of the whole API, made from API_OPERATIONS and the handlers' zod schemas. */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, operations] of Object.entries(API_OPERATIONS)) {
    paths[path] = {};
    // Sound: API_OPERATIONS is declared with HTTP methods as keys.
    for (const [method, op] of Object.entries(operations) as [HttpMethod, Operation][]) paths[path][method] = operationObject(path, method, op);
  }
  const tags = [...new Set(Object.values(API_OPERATIONS).flatMap((ops) => Object.values(ops).flatMap((op) => (op ? [op.tag] : []))))];
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'favindex API', version: packageJson.version, description: DESCRIPTION },
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ErrorEnvelope: jsonSchema(errorEnvelopeSchema),
        ...Object.fromEntries(
          Object.entries(ERROR_DETAILS).flatMap(([code, schema]) => (isDetailed(code) ? [[detailsComponent(code), jsonSchema(schema, 'output')]] : [])),
        ),
        ...Object.fromEntries(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [name, jsonSchema(schema)])),
      },
      responses: {
        Error: {
          description: 'The §errors envelope (500 INTERNAL_ERROR, 503 DATABASE_UNAVAILABLE, or any code above).',
          content: { 'application/json': { schema: ENVELOPE_REF } },
        },
      },
      securitySchemes: {
        projectToken: {
          type: 'http',
          scheme: 'bearer',
          description: `A project token (fvx_…), created under the project's Tokens tab or POST /api/projects/{id}/tokens. Scopes: ${TOKEN_SCOPES.map((s) => `${s} (${TOKEN_SCOPE_HELP[s]})`).join('; ')}. A proxy needs ${PROXY_SCOPES.join(', ')}, which a token made without scopes gets.`,
        },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'favindex_session',
          description: 'The admin session from POST /api/auth/login (password mode). In local mode, loopback requests need nothing.',
        },
      },
    },
  };
}
