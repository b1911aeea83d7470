import type { z } from 'zod';
import type { SpecRule } from '@/lib/errors';
import type { HttpMethod, Operation, PathOperations, ResponseSpec } from '@/lib/openapi/operation';
import type { EncodedJson } from './encoded-json';

/**
 * One endpoint, declared once: its method and path, who may call it, what it reads and what it
 * answers per status, and the error codes it adds. The route handler (server/http/endpoint-route.ts)
 * is typed by it, so an answer that does not fit its contract fails `tsc`; the OpenAPI document,
 * the dashboard's hooks and the CLI's calls (pathOf) are made from it too.
 */
export interface EndpointSpec extends Operation {
  method: HttpMethod;
  /** The OpenAPI path: `/api/projects/{id}/bakeoffs/{runId}`. */
  path: string;
  /** The path parameters as the handler reads them, e.g. z.object({ id: z.string() }). */
  params?: z.ZodType;
  /** A JSON body, read up to `bodyLimit` bytes (the small limit when not given) and parsed with this schema. */
  json?: z.ZodType;
  bodyLimit?: number;
  /** The rule a refused query or body cites (§errors when not given). */
  rule?: SpecRule;
}

/** Keeps the declaration's own types (its schemas, its statuses) for the handler and the hooks. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  if (spec.json && !spec.body) return { ...spec, body: { required: true, content: { 'application/json': spec.json } } };
  return spec;
}

/** The answer a status of the declaration holds: what its contract parses, a text, or nothing. */
type BodyOf<R extends ResponseSpec> = R extends { schema: z.ZodType } ? z.input<R['schema']> : R extends { mediaType: null } ? null : string;

/** What a handler of the endpoint returns: one of its declared statuses with the body that status declares. */
export type AnswerOf<E extends EndpointSpec> = {
  [S in keyof E['responses'] & number]: { status: S; body: BodyOf<E['responses'][S]>; headers?: Record<string, string> };
}[keyof E['responses'] & number];

/** An answer whose contract's body was encoded ahead (the surface, the preview): still the body its status declares. */
export type EncodedAnswerOf<E extends EndpointSpec> = {
  [S in keyof E['responses'] & number]: E['responses'][S] extends { schema: z.ZodType }
    ? { status: S; body: EncodedJson<z.input<E['responses'][S]['schema']>>; headers?: Record<string, string> }
    : never;
}[keyof E['responses'] & number];

/** What a client reads from the endpoint's success answers: its contract's output, or nothing. */
export type SuccessOf<E extends EndpointSpec> = {
  [S in keyof E['responses'] & number]: E['responses'][S] extends { schema: z.ZodType } ? z.output<E['responses'][S]['schema']> : undefined;
}[keyof E['responses'] & number];

/** The JSON body a client sends, as the endpoint's schema takes it (read by the route, or by the handler itself, as login does). */
export type RequestBodyOf<E extends EndpointSpec> = E['json'] extends z.ZodType
  ? z.input<E['json']>
  : E['body'] extends { content: { 'application/json': z.ZodType } }
    ? z.input<E['body']['content']['application/json']>
    : undefined;

/** The contract a client reads a success answer with: the first declared status that has a zod schema. */
export function successContract(spec: EndpointSpec): z.ZodType | undefined {
  // Sound: _zod is on every zod schema and on nothing else a declaration holds.
  for (const response of Object.values(spec.responses)) if (response.schema && '_zod' in response.schema) return response.schema as z.ZodType;
  return undefined;
}

/** The `{name}` segments of a path, as a union of their names. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The endpoint's path with its parameters filled in (each encoded), and a query string where given. */
export function pathOf<E extends { path: string }>(
  spec: E,
  params: Record<PathParamNames<E['path']>, string>,
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    // The params type is the declaration's own object of strings; indexing it by a path name needs the record view.
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`${spec.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return search.size > 0 ? `${path}?${search}` : path;
}

/** The declarations of a resource as the OpenAPI document lists them: by path, then method. */
export function operationsOf(endpoints: Record<string, EndpointSpec>): Record<string, PathOperations> {
  const out: Record<string, PathOperations> = {};
  for (const { method, path, params: _params, json: _json, bodyLimit: _limit, rule: _rule, ...operation } of Object.values(endpoints)) {
    out[path] ??= {};
    out[path][method] = operation;
  }
  return out;
}
