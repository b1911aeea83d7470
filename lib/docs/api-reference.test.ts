import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { API_OPERATIONS } from '@/lib/openapi/operations';
import { apiReferenceView, referencedSchemas, schemaSummary } from './api-reference';

const view = apiReferenceView(buildOpenApiDocument());
const operations = view.tags.flatMap((tag) => tag.operations);
const find = (method: string, path: string) => operations.find((op) => op.method === method && op.path === path);

describe('apiReferenceView', () => {
  it('shows every operation of the API once, under its tag', () => {
    const expected = Object.entries(API_OPERATIONS).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(expected.sort());
    for (const tag of view.tags) for (const op of tag.operations) expect(API_OPERATIONS[op.path]?.[op.method.toLowerCase() as 'get']?.tag).toBe(tag.name);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  it('gives an operation its access, parameters, body and responses', () => {
    const ingest = find('POST', '/api/projects/{id}/events')!;
    expect(ingest.access).toBe('events:write');
    expect(ingest.summary).toMatch(/tool_call_trace/);
    expect(ingest.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(ingest.requestBody?.content.map((m) => m.mediaType)).toEqual(['application/json', 'application/x-ndjson']);
    expect(ingest.requestBody?.content[0]?.schema).not.toBeNull();
    const statuses = ingest.responses.map((r) => r.status);
    expect(statuses[0]).toBe('200');
    expect(statuses).toContain('413');
    // `default` is a $ref to components.responses.Error: shown resolved.
    const fallback = ingest.responses.find((r) => r.status === 'default')!;
    expect(fallback.description).toMatch(/INTERNAL_ERROR/);
    expect(fallback.content[0]?.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });

    const replace = find('PUT', '/api/projects/{id}/favourites')!;
    expect(replace.parameters.find((p) => p.name === 'If-Match')).toMatchObject({ in: 'header', required: true });
    expect(find('GET', '/api/projects/{id}/usage')!.parameters.find((p) => p.name === 'status')?.summary).toBe('one of "all", "ok", default "all"');
  });

  it('keeps a response body schema when the document has one, and null when not', () => {
    const exported = find('GET', '/api/projects/{id}/yaml')!.responses.find((r) => r.status === '200')!;
    expect(exported.content[0]?.mediaType).toBe('application/yaml');
    expect(exported.content[0]?.schema).not.toBeNull();
    expect(find('DELETE', '/api/projects/{id}')!.responses.find((r) => r.status === '204')!.content).toEqual([]);
    expect(view.schemas.map((s) => s.name)).toEqual(expect.arrayContaining(['ErrorEnvelope', 'ProjectDocument']));

    const small = apiReferenceView({
      paths: { '/a': { get: { tags: ['t'], responses: { 200: { description: 'ok', content: { 'application/json': {} } } } } } },
    });
    expect(small.tags[0]?.operations[0]?.responses[0]?.content).toEqual([{ mediaType: 'application/json', schema: null }]);
  });
});

describe('schema helpers', () => {
  it('summarises a schema in a few words', () => {
    expect(schemaSummary({ type: 'integer', minimum: 1, maximum: 200, default: 50 })).toBe('integer, 1–200, default 50');
    expect(schemaSummary({ type: 'string', maxLength: 256, pattern: '^a$' })).toBe('string, at most 256 characters, matching ^a$');
    expect(schemaSummary({ anyOf: [{ type: 'number' }, { type: 'array', items: { type: 'string' } }] })).toBe('number or array of string');
    expect(schemaSummary({ $ref: '#/components/schemas/ToolCallTrace' })).toBe('ToolCallTrace');
  });

  it('finds the named schemas a schema refers to', () => {
    const schema = { anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'array', items: { $ref: '#/components/schemas/B' } }] };
    expect(referencedSchemas(schema)).toEqual(['A', 'B']);
  });
});
