import type { JsonSchema } from '@/lib/openapi/operation';

/**
 * The OpenAPI document (lib/openapi/document.ts) as the /docs/api page shows it: operations
 * grouped by tag, each with what a caller needs. It reads the document as data, so whatever
 * schemas the operations carry (request and response bodies) are shown as they are.
 */

export interface ApiMedia {
  mediaType: string;
  /** null when the document gives no schema for this body. */
  schema: JsonSchema | null;
}

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  /** The schema in a few words: type, allowed values, range, default. */
  summary: string;
}

export interface ApiResponse {
  status: string;
  description: string;
  headers: { name: string; description: string }[];
  content: ApiMedia[];
}

export interface ApiOperation {
  /** The operationId; also the operation's anchor on the page. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** `public`, `admin` or the token scope that opens it. */
  access: string;
  parameters: ApiParameter[];
  requestBody: { required: boolean; description: string | null; content: ApiMedia[] } | null;
  responses: ApiResponse[];
}

export interface ApiTag {
  name: string;
  operations: ApiOperation[];
}

export interface ApiReferenceView {
  title: string;
  version: string;
  description: string;
  tags: ApiTag[];
  /** The named schemas (components.schemas) that bodies refer to with $ref. */
  schemas: { name: string; schema: JsonSchema }[];
}

type Obj = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const SCHEMA_REF = '#/components/schemas/';

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const entries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);

/** Follow a local `$ref` (`#/components/…`) within the document. */
function resolveRef(doc: Obj, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  let target: unknown = doc;
  for (const part of value.$ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined;
  return target ?? value;
}

function media(content: unknown): ApiMedia[] {
  return entries(content).map(([mediaType, body]) => ({
    mediaType,
    // Sound: isObject checked it; the reference only shows a schema, never relies on its fields.
    schema: isObject(body) && isObject(body.schema) ? (body.schema as JsonSchema) : null,
  }));
}

/** The name of a schema that is only a reference to a named one, else null. */
export function schemaRefName(schema: unknown): string | null {
  if (!isObject(schema) || typeof schema.$ref !== 'string' || !schema.$ref.startsWith(SCHEMA_REF)) return null;
  return schema.$ref.slice(SCHEMA_REF.length);
}

/** Every named schema a schema refers to, anywhere inside it. */
export function referencedSchemas(schema: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(schema)) for (const item of schema) referencedSchemas(item, found);
  else if (isObject(schema)) {
    const name = schemaRefName(schema);
    if (name) found.add(name);
    for (const value of Object.values(schema)) referencedSchemas(value, found);
  }
  return [...found];
}

/** A schema in a few words, for a parameter table: `integer, 1–200, default 50`. */
export function schemaSummary(schema: unknown): string {
  if (!isObject(schema)) return '';
  const ref = schemaRefName(schema);
  if (ref) return ref;
  // Widens to unknown so the Array.isArray check below decides.
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives)) return alternatives.map(schemaSummary).filter(Boolean).join(' or ');
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  else if ('const' in schema) parts.push(`exactly ${JSON.stringify(schema.const)}`);
  else if (schema.type === 'array') parts.push(`array of ${schemaSummary(schema.items) || 'any'}`);
  else if (typeof schema.type === 'string') parts.push(schema.type);
  else if (Array.isArray(schema.type)) parts.push(schema.type.join(' or '));
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === 'number' && typeof max === 'number') parts.push(`${min}–${max}${unit}`);
    else if (typeof min === 'number') parts.push(`at least ${min}${unit}`);
    else if (typeof max === 'number') parts.push(`at most ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (typeof schema.pattern === 'string') parts.push(`matching ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

function parameter(doc: Obj, raw: unknown): ApiParameter {
  // The document is the one favindex generated: a parameter, response or header is an object there.
  const p = resolveRef(doc, raw) as Obj;
  return {
    name: text(p.name),
    in: text(p.in),
    required: p.required === true,
    description: text(p.description) || null,
    summary: schemaSummary(p.schema),
  };
}

function responses(doc: Obj, raw: unknown): ApiResponse[] {
  return entries(raw).map(([status, value]) => {
    // The document is the one favindex generated: a parameter, response or header is an object there.
    const r = resolveRef(doc, value) as Obj;
    return {
      status,
      description: text(r.description),
      // As above: a header is an object in the generated document.
      headers: entries(r.headers).map(([name, h]) => ({ name, description: text((resolveRef(doc, h) as Obj)?.description) })),
      content: media(r.content),
    };
  });
}

function operation(doc: Obj, path: string, method: string, op: Obj): ApiOperation {
  const body = resolveRef(doc, op.requestBody);
  return {
    id: text(op.operationId) || `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: text(op.summary),
    description: text(op.description),
    access: text(op['x-favindex-access']),
    parameters: (Array.isArray(op.parameters) ? op.parameters : []).map((p) => parameter(doc, p)),
    requestBody: isObject(body) ? { required: body.required === true, description: text(body.description) || null, content: media(body.content) } : null,
    responses: responses(doc, op.responses),
  };
}

/** Group the document's operations by tag, in the order of its `tags`, then of first use. */
export function apiReferenceView(doc: Obj): ApiReferenceView {
  const byTag = new Map<string, ApiOperation[]>();
  for (const tag of Array.isArray(doc.tags) ? doc.tags : []) if (isObject(tag)) byTag.set(text(tag.name), []);
  for (const [path, item] of entries(doc.paths)) {
    for (const method of METHODS) {
      const op = isObject(item) ? item[method] : undefined;
      if (!isObject(op)) continue;
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      // biome-ignore lint/style/noNonNullAssertion: set on the line above when missing.
      byTag.get(tag)!.push(operation(doc, path, method, op));
    }
  }
  const info = isObject(doc.info) ? doc.info : {};
  const components = isObject(doc.components) ? doc.components : {};
  return {
    title: text(info.title),
    version: text(info.version),
    description: text(info.description),
    tags: [...byTag].filter(([, ops]) => ops.length > 0).map(([name, operations]) => ({ name, operations })),
    // The document is the one favindex generated: each component is a JSON Schema.
    schemas: entries(components.schemas).map(([name, schema]) => ({ name, schema: schema as JsonSchema })),
  };
}
