import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { ApiError, type DetailsOf, ERROR_STATUS, INTERNAL_ERROR_ENVELOPE, type ErrorCode } from '@/lib/errors';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { buildOpenApiDocument } from './document';

const document = JSON.parse(JSON.stringify(buildOpenApiDocument()));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operations(): { path: string; method: string; op: any }[] {
  return Object.entries(document.paths).flatMap(([path, item]: [string, any]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })),
  );
}

/** Every `$ref` in the document, with where it was found. */
function refs(node: unknown, at = '#', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) refs(child, `${at}/${i}`, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push([at, value]);
      else refs(value, `${at}/${key}`, out);
    }
  }
  return out;
}

function resolve(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

const validator = new Ajv2020({
  strict: false,
  allErrors: true,
  // The formats the response contracts use (lib/contracts/shared.ts), as the API writes them.
  formats: { 'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/, date: /^\d{4}-\d{2}-\d{2}$/ },
});
validator.addSchema({ $id: 'favindex-openapi', components: document.components }, 'favindex-openapi');

const compiledSchemas = new Map<string, ReturnType<typeof validator.compile>>();
/**
 * A schema of the document, compiled with its `#/components/...` refs pointing into the document;
 * once per distinct schema, as many operations answer the same error envelopes.
 */
function compile(schema: object) {
  const text = JSON.stringify(schema).replace(/"#\/components\//g, '"favindex-openapi#/components/');
  let validate = compiledSchemas.get(text);
  if (!validate) {
    validate = validator.compile(JSON.parse(text));
    compiledSchemas.set(text, validate);
  }
  return validate;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with info, tags and the §errors envelope as a shared component', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'favindex API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['error_code', 'message', 'retryable', 'suggested_action', 'cited_rule'],
    });
    expect(document.components.schemas.ErrorEnvelope.properties.error_code.enum).toEqual(Object.keys(ERROR_STATUS));
    expect(document.components.responses.Error.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
  });

  it('resolves every $ref, and every error answer is the envelope', () => {
    const all = refs(document);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter(([, ref]) => resolve(ref) === undefined)).toEqual([]);
    for (const { path, method, op } of operations()) {
      expect(op.responses.default, `${method} ${path}`).toEqual({ $ref: '#/components/responses/Error' });
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (status === 'default' || Number(status) < 400) continue;
        const named: string[] = response.description.match(/[A-Z][A-Z_]{3,}/g) ?? [];
        // Each code named in the description answers with that status.
        for (const code of named) expect(ERROR_STATUS[code as ErrorCode], code).toBe(Number(status));
        // The envelope, or (a code of the status carries details) one envelope per code named.
        const schema = response.content['application/json'].schema;
        if (schema.oneOf) {
          expect(schema.oneOf.map((variant: any) => variant.allOf[0])).toEqual(named.map(() => ({ $ref: '#/components/schemas/ErrorEnvelope' })));
          expect(schema.oneOf.map((variant: any) => variant.allOf[1].properties.error_code.const)).toEqual(named);
        } else expect(schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
    }
  });

  it("describes each error code's details where the code has any, so a refusal with other details does not fit", () => {
    const favourites = document.paths['/api/projects/{id}/favourites'].put.responses;
    // Built as the server builds them, and each given details of another shape too: to the schema, not to tsc.
    const refusal = <C extends ErrorCode>(code: C, details: DetailsOf<C> | string | object) => ({
      ...new ApiError(code, 'x', { suggestedAction: 'y', citedRule: '§favourites' }).toEnvelope(),
      details,
    });
    const stale = compile(favourites['412'].content['application/json'].schema);
    const current = { enabled: true, maxFavourites: 5, tools: ['github/create_issue'] };
    expect(document.components.schemas.VersionMismatchDetails).toBeDefined();
    expect(stale(refusal('VERSION_MISMATCH', { currentVersion: 3, current })), JSON.stringify(stale.errors)).toBe(true);
    expect(stale(refusal('VERSION_MISMATCH', { currentVersion: 'three' }))).toBe(false);
    const full = compile(favourites['409'].content['application/json'].schema);
    expect(full(refusal('MAX_FAVOURITES_EXCEEDED', { pinned: 5, maxFavourites: 5, over: ['a/b'] })), JSON.stringify(full.errors)).toBe(true);
    expect(full(refusal('MAX_FAVOURITES_EXCEEDED', { pinned: 5 }))).toBe(false);
    const invalid = compile(favourites['422'].content['application/json'].schema);
    expect(invalid(refusal('VALIDATION_FAILED', [{ path: 'tools', message: 'too many' }])), JSON.stringify(invalid.errors)).toBe(true);
    expect(invalid(refusal('VALIDATION_FAILED', { duplicates: ['a/b'] }))).toBe(true);
    expect(invalid(refusal('VALIDATION_FAILED', 'no good'))).toBe(false);
  });

  it('declares every path parameter, names each operation once, and says who may call it', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p: any) => p.in === 'path')
        .map((p: any) => p.name)
        .sort();
      expect(declared, `${method} ${path}`).toEqual(templated);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
      const access = op['x-favindex-access'];
      if (access === 'public') expect(op.security).toEqual([]);
      else if (access === 'admin') expect(op.security).toEqual([{ adminSession: [] }]);
      else expect(op.security).toEqual([{ projectToken: [access] }, { adminSession: [] }]);
      if (access !== 'public') expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(ids.size).toBeGreaterThanOrEqual(40);
  });

  it('holds only valid JSON Schemas (2020-12), which accept what the API really takes and gives', () => {
    let compiled = 0;
    for (const { op } of operations()) {
      for (const parameter of op.parameters ?? []) compiled += compile(parameter.schema) ? 1 : 0;
      for (const media of Object.values<any>(op.requestBody?.content ?? {})) compiled += compile(media.schema) ? 1 : 0;
    }
    expect(compiled).toBeGreaterThan(80);

    const envelope = compile({ $ref: '#/components/schemas/ErrorEnvelope' });
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      const sample = new ApiError(code, 'x', { suggestedAction: 'y', citedRule: '§errors', details: [{ path: 'a', message: 'b' }] }).toEnvelope();
      expect(envelope(sample), code).toBe(true);
    }
    expect(envelope(INTERNAL_ERROR_ENVELOPE)).toBe(true);
    expect(envelope({ error_code: 'NOPE', message: 'x', retryable: false, suggested_action: 'y', cited_rule: '§errors' })).toBe(false);
    expect(envelope({ error_code: 'NOT_FOUND', message: 'x' })).toBe(false);

    // The README's event example, and a pin, as their operations describe them.
    const events = compile(document.paths['/api/projects/{id}/events'].post.requestBody.content['application/json'].schema);
    const event = {
      id: 'evt-1',
      type: 'tool_call_trace',
      timestamp: '2026-11-29T10:00:00.123Z',
      tool: 'favourite/create_issue',
      sessionId: 's-42',
      status: 'ok',
      durationMs: 118,
    };
    expect(events({ events: [event] })).toBe(true);
    expect(events([event])).toBe(true);
    expect(events([{ ...event, timestamp: undefined }])).toBe(false);
    const pin = compile(document.paths['/api/projects/{id}/favourites/pin'].post.requestBody.content['application/json'].schema);
    expect(pin({ tool: 'github/create_issue', position: 0 })).toBe(true);
    expect(pin({ tool: 'github/create_issue', extra: 1 })).toBe(false);
  });

  it('gives every JSON success answer its contract, every text answer a schema, and 204/304 no body', () => {
    const missing: string[] = [];
    let json = 0;
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (status === 'default' || Number(status) >= 400) continue;
        const where = `${method.toUpperCase()} ${path} ${status}`;
        if (status === '204' || status === '304') {
          if (response.content !== undefined) missing.push(`${where}: has a body`);
          continue;
        }
        const media = Object.entries<any>(response.content ?? {});
        if (media.length === 0) missing.push(`${where}: no content`);
        for (const [type, content] of media) {
          if (!content.schema || Object.keys(content.schema).length === 0) missing.push(`${where} ${type}: no schema`);
          else if (type === 'application/json') {
            json++;
            // A contract lists its keys (an object, or the OpenAPI document's own loose maps), and no others.
            if (content.schema.type !== 'object' || !content.schema.properties) missing.push(`${where}: not an object schema`);
            if (content.schema.additionalProperties !== false) missing.push(`${where}: allows keys it does not list`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(json).toBeGreaterThanOrEqual(30);
  });

  it('holds response schemas that accept what the API answers and refuse what drifted', () => {
    let compiled = 0;
    for (const { op } of operations()) {
      for (const response of Object.values<any>(op.responses)) {
        for (const media of Object.values<any>(response.content ?? {})) compiled += media.schema && compile(media.schema) ? 1 : 0;
      }
    }
    expect(compiled).toBeGreaterThan(40);

    const favourites = compile(document.paths['/api/projects/{id}/favourites'].get.responses['200'].content['application/json'].schema);
    const view = {
      project: 'p',
      enabled: true,
      maxFavourites: 15,
      tools: ['github/create_issue'],
      version: 2,
      updatedAt: '2026-11-29T10:00:00.123Z',
      pinned: 1,
      full: false,
      missingFromCatalog: [],
    };
    expect(favourites(view)).toBe(true);
    expect(favourites({ ...view, changed: true })).toBe(false);
    expect(favourites({ ...view, updatedAt: 'yesterday' })).toBe(false);
    const { full: _full, ...withoutFull } = view;
    expect(favourites(withoutFull)).toBe(false);
    const pinned = compile(document.paths['/api/projects/{id}/favourites/pin'].post.responses['200'].content['application/json'].schema);
    expect(pinned({ ...view, changed: true, warning: null })).toBe(true);
    expect(pinned({ ...view, changed: true, warning: 'no connected proxy runs github' })).toBe(true);
    expect(pinned({ ...view, changed: true })).toBe(false);
    expect(pinned(view)).toBe(false);
    const suggestions = document.paths['/api/projects/{id}/suggestions'].get.responses['200'].content['application/json'].schema;
    expect(suggestions.required).toContain('favouritesVersion');
  });

  it('turns the query schemas the handlers parse with into query parameters', () => {
    const parameters = (path: string) => document.paths[path].get.parameters.filter((p: any) => p.in === 'query');
    expect(parameters('/api/projects/{id}/suggestions').map((p: any) => p.name)).toEqual(['window', 'until', 'top']);
    expect(parameters('/api/projects/{id}/usage').find((p: any) => p.name === 'status')).toMatchObject({
      required: false,
      schema: { enum: ['all', 'ok'], default: 'all' },
    });
    expect(parameters('/api/projects/{id}/preview').find((p: any) => p.name === 'mode').schema.enum).toContain('favindex');
    // Every mode, deferred included, in the surface's mode parameter: the enums come from SURFACE_MODES.
    expect(parameters('/api/projects/{id}/surface').find((p: any) => p.name === 'mode').schema.enum).toEqual([...SURFACE_MODES]);
  });
});
