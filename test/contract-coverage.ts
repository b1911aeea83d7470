import Ajv2020 from 'ajv/dist/2020';
import type { z } from 'zod';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import type { HttpMethod } from '@/lib/openapi/operation';
import { API_OPERATIONS } from '@/lib/openapi/operations';
import { checkedResponses } from './response-contracts';

/**
 * What app/api/contracts.test.ts asks of the responses its calls checked (checkedResponses):
 * that they cover the OpenAPI document, that the document's JSON Schemas accept them, and that
 * the CLI's parse keeps each body whole.
 */

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components: unknown;
};

const openApiDocument = (): OpenApiDocument => JSON.parse(JSON.stringify(buildOpenApiDocument()));

/** Every `METHOD path status` of a success the OpenAPI document lists. */
export function documentedSuccesses(): string[] {
  const expected: string[] = [];
  for (const [path, item] of Object.entries(openApiDocument().paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const status of Object.keys(op.responses)) if (/^[23]\d\d$/.test(status)) expected.push(`${method.toUpperCase()} ${path} ${status}`);
    }
  }
  return expected;
}

/** The checked bodies the document's own JSON Schema refuses, each with why. */
export function publishedSchemaRefusals(): string[] {
  const document = openApiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { 'date-time': true, date: true } });
  ajv.addSchema({ $id: 'favindex-openapi', components: document.components }, 'favindex-openapi');
  const failures: string[] = [];
  for (const [key, bodies] of checkedResponses) {
    const [method = '', path = '', status = ''] = key.split(' ');
    const schema = document.paths[path]?.[method.toLowerCase()]?.responses[status]?.content?.['application/json']?.schema;
    if (!schema) continue;
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"favindex-openapi#/components/')));
    for (const body of bodies) if (!validate(JSON.parse(body))) failures.push(`${key}: ${ajv.errorsText(validate.errors)}`);
  }
  return failures;
}

/** The answers the CLI parses with their contract and prints (--json): so its output must be the server's answer. */
export const CLI_READS = [
  'GET /api/projects/{id}/favourites 200',
  'POST /api/projects/{id}/favourites/pin 200',
  'POST /api/projects/{id}/favourites/unpin 200',
  'GET /api/projects/{id}/suggestions 200',
  'POST /api/yaml/apply 200',
  'PUT /api/projects/{id}/catalog/{server} 200',
  'PUT /api/projects/{id}/catalog/{server} 201',
];

/** Each checked body of `key` (`METHOD path status`) as its contract parses it, and as it came, both as JSON text. */
export function parsedBodies(key: string): { parsed: string; sent: string }[] {
  const [method = '', path = '', status = ''] = key.split(' ');
  const schema = API_OPERATIONS[path]?.[method.toLowerCase() as HttpMethod]?.responses[Number(status)]?.schema as z.ZodType;
  return (checkedResponses.get(key) ?? []).map((body) => ({ parsed: JSON.stringify(schema.parse(JSON.parse(body))), sent: JSON.stringify(JSON.parse(body)) }));
}
