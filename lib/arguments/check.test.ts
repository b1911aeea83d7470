import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { invalidArgumentsAnswer } from './answer';
import { compileToolSchema } from './check';
import { failureClassesOf, isWellFormed } from './classify';
import { SchemaChecks } from './schema-checks';

const REPORT = {
  type: 'object',
  properties: {
    startDate: { type: 'string', format: 'date' },
    endDate: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['open', 'closed'] },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    assignees: { type: 'array', items: { $ref: '#/$defs/person' } },
  },
  required: ['startDate'],
  $defs: { person: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } },
};

function check(schema: Record<string, unknown>, args: unknown) {
  const compiled = compileToolSchema(schema);
  if (!compiled.ok) throw new Error(compiled.reason);
  const result = compiled.check(args);
  if (result.problems === null || result.unchecked !== undefined) throw new Error(`an ordinary call is judged whole: ${result.unchecked}`);
  return result.problems;
}

describe('checking a call against its inputSchema', () => {
  it('finds `start` sent for a required `startDate`: an unexpected key that stood for it, and a missing one', () => {
    const problems = check(REPORT, { start: '2026-01-01' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.startDate', class: 'missing_required', blocking: true }),
        expect.objectContaining({ path: '$.start', class: 'unexpected_param', suggestion: 'startDate', blocking: false }),
      ]),
    );
    expect(failureClassesOf({ problems, status: 'ok' })).toEqual(['missing_required', 'unexpected_param']);
  });

  it('names wrong types and values by their path, through a $ref, and never carries the value sent', () => {
    const problems = check(REPORT, { startDate: 'last tuesday', status: 'pending', limit: '5', assignees: [{ name: 'a' }, { nme: 'secret-value' }] });
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.class]));
    expect(byPath).toEqual({
      '$.startDate': 'value_error',
      '$.status': 'value_error',
      '$.limit': 'type_error',
      '$.assignees[1].name': 'missing_required',
      '$.assignees[1].nme': 'unexpected_param',
    });
    expect(problems.find((p) => p.path === '$.status')?.expected).toBe('must be one of: "open", "closed"');
    expect(problems.find((p) => p.path === '$.assignees[1].nme')).toMatchObject({ suggestion: 'name', blocking: true });
    expect(JSON.stringify(problems)).not.toMatch(/secret-value|last tuesday|pending/);
  });

  it('passes a correct call', () => {
    expect(check(REPORT, { startDate: '2026-01-01', status: 'open', limit: 5, assignees: [{ name: 'a' }] })).toEqual([]);
    expect(failureClassesOf({ problems: [], status: 'ok' })).toEqual(['ok']);
  });

  it('classes a call the tool policy refused as no mistake of the model: not an argument problem, not a server error', () => {
    expect(failureClassesOf({ status: 'denied' })).toEqual(['ok']);
    expect(isWellFormed(failureClassesOf({ status: 'denied' }))).toBe(true);
    expect(failureClassesOf({ inventedTool: true, status: 'denied' })).toEqual(['invented_tool']);
  });

  it('reads draft-07 schemas as servers send them: definitions, tuple items, $schema', () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }] }, who: { $ref: '#/definitions/who' } },
      definitions: { who: { type: 'string', minLength: 2 } },
    };
    expect(check(draft07, { point: [1, 'x'], who: 'a' }).map((p) => [p.path, p.class])).toEqual([
      ['$.point[1]', 'type_error'],
      ['$.who', 'value_error'],
    ]);
    // The same tuple without $schema: not 2020-12, so read as draft-07.
    const { $schema: _, ...bare } = draft07;
    expect(check(bare, { point: [1, 2], who: 'ab' })).toEqual([]);
  });

  it('reports a schema that does not compile, so its tool is passed through unchecked', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { a: { $ref: 'https://example.com/elsewhere.json' } } });
    expect(compiled.ok).toBe(false);
    expect(compiled.ok ? '' : compiled.reason).toMatch(/does not compile: .*elsewhere/);
  });

  it('suggests nothing for a key like no declared one', () => {
    const [problem] = check(REPORT, { startDate: '2026-01-01', colour: 'red' });
    expect(problem).toMatchObject({ path: '$.colour', class: 'unexpected_param' });
    expect(problem?.suggestion).toBeUndefined();
  });

  it('suggests for an unexpected key only a key the call did not send, whether the schema forbids other keys or not', () => {
    const sum = (forbid: boolean, required: string[]) => ({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required,
      ...(forbid ? { additionalProperties: false } : {}),
    });
    for (const forbid of [false, true]) {
      for (const required of [[], ['a', 'b']]) {
        const wrong = check(sum(forbid, required), { a: 1, y: 2 }).find((p) => p.class === 'unexpected_param');
        expect(wrong, `additionalProperties ${forbid ? 'false' : 'left out'}, required ${required}`).toMatchObject({ path: '$.y', suggestion: 'b' });
      }
    }
  });

  it('takes a lone unexpected key for the one required key left out, however unlike their names', () => {
    const schema = (forbid: boolean) => ({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
      ...(forbid ? { additionalProperties: false } : {}),
    });
    for (const forbid of [false, true]) {
      expect(check(schema(forbid), { text: 'open issues', limit: 5 }).find((p) => p.path === '$.text')?.suggestion).toBe('query');
      // Two keys the schema does not have: which one stood for query is anyone's guess.
      expect(check(schema(forbid), { text: 'open issues', verbose: true }).find((p) => p.path === '$.text')?.suggestion).toBeUndefined();
    }
    // Nothing required is missing: an extra key is just extra.
    expect(check(schema(false), { query: 'open issues', verbose: true }).find((p) => p.path === '$.verbose')?.suggestion).toBeUndefined();
  });

  it('compiles every demo catalog schema, and each once', () => {
    const checks = new SchemaChecks();
    const tools = DEMO_SERVERS.flatMap((s) => s.tools);
    const failed = tools.filter((t) => !checks.for(t.inputSchema).ok).map((t) => t.name);
    expect(failed).toEqual([]);
    expect(checks.for(tools[0]!.inputSchema)).toBe(checks.for(tools[0]!.inputSchema));
  });

  it('keeps checking with a schema compiled before ajv’s instances were made anew', () => {
    const first = compileToolSchema({ ...REPORT, properties: { ...REPORT.properties, code: { type: 'string', pattern: '^[A-Z]{3}$' } } });
    // Past COMPILES_PER_INSTANCE: the instances that compiled `first` are dropped by now.
    for (let i = 0; i < 501; i++) compileToolSchema({ const: i });
    if (!first.ok) throw new Error(first.reason);
    expect(first.check({ startDate: '2026-01-01', code: 'ABC' })).toEqual({ problems: [] });
    expect(first.check({ startDate: '2026-01-01', code: 'abc' }).problems).toEqual([expect.objectContaining({ path: '$.code', keyword: 'pattern' })]);
  });
});

describe('the answer to a refused call', () => {
  it('names each blocking problem, the key it likely meant, and carries the error envelope', () => {
    const problems = check(REPORT, { start: '2026-01-01' });
    const { text, envelope } = invalidArgumentsAnswer('reports/run_report', problems);
    expect(text).toContain('$.startDate: required, and missing');
    expect(text).toContain('$.start: not a parameter of this tool; did you mean `startDate`?');
    expect(envelope).toMatchObject({ error_code: 'INVALID_ARGUMENTS', retryable: true, cited_rule: '§arguments' });
    expect(envelope.details.problems.find((p) => p.path === '$.start')?.suggestion).toBe('startDate');
  });
});

describe('failure classes', () => {
  it('puts invented names first, then arguments, then the server', () => {
    expect(failureClassesOf({ inventedTool: true, status: 'error' })).toEqual(['invented_tool']);
    expect(failureClassesOf({ inventedServer: true, status: 'error' })).toEqual(['invented_server']);
    // An invoke call naming a missing server names no tool either: the server is why.
    expect(failureClassesOf({ inventedTool: true, inventedServer: true, status: 'error' })).toEqual(['invented_server']);
    expect(failureClassesOf({ status: 'error' })).toEqual(['server_error']);
    expect(isWellFormed(['server_error'])).toBe(true);
    expect(isWellFormed(['type_error'])).toBe(false);
  });
});
