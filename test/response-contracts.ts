/**
 * Every response an API test gets is held to the contract its OpenAPI operation declares
 * (lib/openapi/operations, matched by method and path template, then by status): a 2xx or
 * 304 the operation does not list fails, a JSON body must match its lib/contracts schema
 * strictly (a key the contract does not list fails too), a YAML body must be YAML whose
 * documents match their schema, an answer without a body must be empty, and an error must be
 * the §errors envelope, with details only in the shape its code declares. A test that gets a
 * response breaking its contract fails with what broke it.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { ERROR_DETAILS } from '@/lib/contracts/error-details';
import { type ErrorEnvelope, errorEnvelopeSchema } from '@/lib/contracts/errors';
import type { ErrorCode } from '@/lib/errors';
import { strictContract } from '@/lib/contracts/strict';
import type { HttpMethod, JsonSchema, ResponseSpec } from '@/lib/openapi/operation';
import { API_OPERATIONS, NAMED_SCHEMAS } from '@/lib/openapi/operations';

const JSON_TYPE = 'application/json';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4';

/**
 * Every response checked against its contract in this test file, by `METHOD /api/path/{template}
 * status`, with the first few bodies (for checks of the published JSON Schema).
 */
export const checkedResponses = new Map<string, string[]>();
const BODIES_KEPT = 5;

export function responseKey(method: string, template: string, status: number | string): string {
  return `${method.toUpperCase()} ${template} ${status}`;
}

export interface CheckedResponse {
  method: string;
  /** The path as requested, for the message. */
  url: string;
  /** The OpenAPI path template of the route that answered, e.g. /api/projects/{id}. */
  template: string;
  status: number;
  headers: Headers;
  text: string;
}

export class ContractError extends Error {
  constructor(res: CheckedResponse, what: string) {
    const body = res.text.length > 2_000 ? `${res.text.slice(0, 2_000)}…` : res.text;
    super(
      `${res.method} ${res.url} answered ${res.status}, which breaks the contract of ${responseKey(res.method, res.template, res.status)}: ${what}\nbody: ${body}`,
    );
    this.name = 'ContractError';
  }
}

/** Throws ContractError when the response is not what its operation declares. */
export function checkResponse(res: CheckedResponse): void {
  const contentType = res.headers.get('content-type') ?? '';
  if (res.status >= 400) {
    // The envelope, whatever the route; test/api.ts's own 405 for a method a route lacks has no body.
    if (contentType.includes('json') && res.text) {
      const envelope: ErrorEnvelope = JSON.parse(res.text);
      matches(res, errorEnvelopeSchema, envelope, 'the §errors envelope');
      checkDetails(res, envelope);
    }
    return;
  }
  const operation = API_OPERATIONS[res.template]?.[res.method.toLowerCase() as HttpMethod];
  if (!operation) throw new ContractError(res, 'no operation in lib/openapi/operations answers it');
  const spec: ResponseSpec | undefined = operation.responses[res.status];
  if (!spec) throw new ContractError(res, `the operation lists only ${Object.keys(operation.responses).join(', ')}`);
  const mediaType = spec.mediaType === undefined ? JSON_TYPE : spec.mediaType;
  if (mediaType === null) {
    if (res.text !== '') throw new ContractError(res, 'the operation answers this status without a body');
  } else {
    if (!contentType.startsWith(mediaType)) throw new ContractError(res, `the content type is '${contentType}', not ${mediaType}`);
    if (mediaType === JSON_TYPE) checkJson(res, spec);
    else if (mediaType === 'application/yaml') checkYaml(res, spec);
    else if (mediaType === 'application/x-ndjson') checkNdjson(res, spec);
    else if (mediaType === PROMETHEUS_TEXT) checkPrometheusText(res);
    else throw new ContractError(res, `test/response-contracts.ts cannot check ${mediaType} yet`);
  }
  const key = responseKey(res.method, res.template, res.status);
  const bodies = checkedResponses.get(key) ?? [];
  if (bodies.length < BODIES_KEPT) bodies.push(res.text);
  checkedResponses.set(key, bodies);
}

/** Details only from a code that declares them, in the shape it declares (lib/contracts/error-details.ts). */
function checkDetails(res: CheckedResponse, envelope: ErrorEnvelope): void {
  if (envelope.details === undefined) return;
  const declared: Partial<Record<ErrorCode, z.ZodType>> = ERROR_DETAILS;
  const schema = declared[envelope.error_code];
  if (!schema) throw new ContractError(res, `${envelope.error_code} declares no details in lib/contracts/error-details.ts, yet it carries some`);
  matches(res, schema, envelope.details, `the details ${envelope.error_code} declares`);
}

function checkJson(res: CheckedResponse, spec: ResponseSpec): void {
  if (!spec.schema || !('_zod' in spec.schema)) throw new ContractError(res, 'the operation declares no lib/contracts schema for this JSON answer');
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch (err) {
    throw new ContractError(res, `the body is not JSON: ${(err as Error).message}`);
  }
  matches(res, spec.schema as z.ZodType, body, 'its contract');
}

/** YAML documents, each checked against the named schema (a component, or a text schema's contentSchema). */
function checkYaml(res: CheckedResponse, spec: ResponseSpec): void {
  const documents = parseAllDocuments(res.text);
  const list = Array.isArray(documents) ? documents : [documents];
  for (const doc of list) if (doc.errors.length > 0) throw new ContractError(res, `the body is not YAML: ${doc.errors[0]?.message ?? 'unreadable'}`);
  const name = componentName(spec.schema as JsonSchema | { component: string } | undefined);
  if (!name) throw new ContractError(res, 'the operation names no schema for the documents of this YAML answer');
  const schema = NAMED_SCHEMAS[name];
  if (!schema) throw new ContractError(res, `no named schema ${name}`);
  for (const [i, doc] of list.entries()) matches(res, schema, doc.toJS(), `${name} (document ${i + 1})`);
}

/** JSON lines, each checked against the named schema of one line. */
function checkNdjson(res: CheckedResponse, spec: ResponseSpec): void {
  const name = componentName(spec.schema as JsonSchema | { component: string } | undefined);
  const schema = name ? NAMED_SCHEMAS[name] : undefined;
  if (!schema) throw new ContractError(res, 'the operation names no schema for the lines of this NDJSON answer');
  for (const [i, line] of res.text.split('\n').entries()) {
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new ContractError(res, `line ${i + 1} is not JSON: ${(err as Error).message}`);
    }
    matches(res, schema, value, `${name} (line ${i + 1})`);
  }
}

function componentName(schema: JsonSchema | { component: string } | undefined): string | null {
  if (!schema) return null;
  if (typeof schema.component === 'string') return schema.component;
  const ref = ((schema as JsonSchema).contentSchema as { $ref?: string } | undefined)?.$ref;
  return ref?.replace('#/components/schemas/', '') ?? null;
}

function matches(res: CheckedResponse, schema: z.ZodType, body: unknown, what: string): void {
  const result = strictContract(schema).safeParse(body);
  if (!result.success) throw new ContractError(res, `the body does not match ${what}:\n${z.prettifyError(result.error)}`);
}

/** The Prometheus text format, as a Prometheus text parser reads it: at least one series, each named favindex_…. */
function checkPrometheusText(res: CheckedResponse): void {
  let families: { name: string }[];
  try {
    families = parsePrometheusTextFormat(res.text) as { name: string }[];
  } catch (err) {
    throw new ContractError(res, `not the Prometheus text format: ${err instanceof Error ? err.message : err}`);
  }
  if (families.length === 0) throw new ContractError(res, 'no series');
  const foreign = families.filter((f) => !f.name.startsWith('favindex_')).map((f) => f.name);
  if (foreign.length > 0) throw new ContractError(res, `series not named favindex_…: ${foreign.join(', ')}`);
}
