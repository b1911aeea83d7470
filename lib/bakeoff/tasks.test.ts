import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { type BakeoffTaskFile, openingTurns, parseBakeoffTasks, serialiseBakeoffTasks } from './tasks';

const TEXT = `tasks:
  - id: weekly-report
    prompt: Run the sales report from startDate=2026-01-05
    target: reports/run_report
    arguments:
      required: [startDate]
      equals: { startDate: "2026-01-05" }
      schema:
        type: object
        properties: { startDate: { type: string, format: date } }
    fixtures:
      reports/lookup: { customer: ACME, id: 7 }
    maxTurns: 4
  - id: follow-up
    thread:
      - { role: user, content: find the customer }
      - { role: assistant, content: which one? }
      - { role: user, content: ACME }
    target: reports/lookup
`;

function failure(text: string): ApiError {
  try {
    parseBakeoffTasks(text);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the task file to be refused');
}

describe('bake-off task files', () => {
  it('parses tasks with a prompt or a thread, checks and fixtures', () => {
    const file = parseBakeoffTasks(TEXT);
    expect(file.tasks.map((t) => t.id)).toEqual(['weekly-report', 'follow-up']);
    expect(file.tasks[0]).toEqual({
      id: 'weekly-report',
      prompt: 'Run the sales report from startDate=2026-01-05',
      target: 'reports/run_report',
      arguments: {
        required: ['startDate'],
        equals: { startDate: '2026-01-05' },
        schema: { type: 'object', properties: { startDate: { type: 'string', format: 'date' } } },
      },
      fixtures: { 'reports/lookup': { customer: 'ACME', id: 7 } },
      maxTurns: 4,
    });
    expect(openingTurns(file.tasks[0]!)).toEqual([{ role: 'user', content: 'Run the sales report from startDate=2026-01-05' }]);
    expect(openingTurns(file.tasks[1]!).map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('round-trips: parse(serialise(x)) equals x, and serialising again gives the same text', () => {
    const file = parseBakeoffTasks(TEXT);
    const text = serialiseBakeoffTasks(file);
    expect(parseBakeoffTasks(text)).toEqual(file);
    expect(serialiseBakeoffTasks(parseBakeoffTasks(text))).toBe(text);
  });

  it('keeps strings that look like other YAML types as strings', () => {
    const file: BakeoffTaskFile = {
      tasks: [
        { id: 't', prompt: 'yes', target: 'a/b', arguments: { equals: { flag: 'true', n: '007', none: 'null', real: null, nested: [1, 'x', { k: false }] } } },
      ],
    };
    expect(parseBakeoffTasks(serialiseBakeoffTasks(file))).toEqual(file);
  });

  it('names the task and the field of a missing target', () => {
    const err = failure('tasks:\n  - id: weekly\n    prompt: hi\n');
    expect(err.code).toBe('YAML_INVALID');
    expect(err.details).toEqual([{ document: 0, line: 2, column: 5, path: 'tasks[0].target', message: "task 'weekly': target is required (string)" }]);
  });

  it('refuses a target that is not server/tool, and says so at its line', () => {
    const err = failure('tasks:\n  - id: weekly\n    prompt: hi\n    target: run_report\n');
    expect(err.details).toEqual([
      {
        document: 0,
        line: 4,
        column: 13,
        path: 'tasks[0].target',
        message: "task 'weekly', target: must be a canonical server/tool name, e.g. 'reports/run_report'",
      },
    ]);
    expect(err.message).toContain("line 4, column 13, tasks[0].target: task 'weekly', target: must be a canonical server/tool name");
  });

  it('refuses a duplicate task id, pointing at the second', () => {
    const err = failure('tasks:\n  - { id: a, prompt: x, target: s/t }\n  - { id: a, prompt: y, target: s/u }\n');
    expect(err.details).toEqual([
      { document: 0, line: 3, column: 11, path: 'tasks[1].id', message: "task 'a', id: the id is already used by task 1; each task id appears once" },
    ]);
  });

  it('names a task without an id by its number, and reports an unknown key with a suggestion', () => {
    const err = failure('tasks:\n  - prompt: x\n    targt: s/t\n');
    const messages = (err.details as { message: string }[]).map((d) => d.message);
    expect(messages).toEqual([
      "task 1: unknown field 'targt': did you mean 'target'?",
      'task 1: id is required (string)',
      'task 1: target is required (string)',
    ]);
  });

  it('wants exactly one of prompt and thread, a thread ending with the user, canonical fixture names and a schema that compiles', () => {
    const text = `tasks:
  - { id: none, target: s/t }
  - { id: both, prompt: x, thread: [{ role: user, content: x }], target: s/t }
  - { id: ends, thread: [{ role: user, content: x }, { role: assistant, content: y }], target: s/t }
  - { id: fix, prompt: x, target: s/t, fixtures: { lookup: 1 } }
  - { id: bad-schema, prompt: x, target: s/t, arguments: { schema: { $ref: "other.json#/x" } } }
`;
    const messages = (failure(text).details as { message: string }[]).map((d) => d.message);
    expect(messages).toEqual([
      "task 'none': needs a prompt or a thread",
      "task 'both', thread: give a prompt or a thread, not both",
      "task 'ends', thread[1].role: the last turn of a thread is the user's",
      "task 'fix', fixtures.lookup: fixture 'lookup' must be a canonical server/tool name, e.g. 'reports/run_report'",
    ]);
    const schemaOnly = failure('tasks:\n  - { id: bad-schema, prompt: x, target: s/t, arguments: { schema: { $ref: "other.json#/x" } } }\n');
    expect((schemaOnly.details as { path: string; message: string }[])[0]).toMatchObject({ path: 'tasks[0].arguments.schema' });
    expect((schemaOnly.details as { message: string }[])[0]!.message).toMatch(/^task 'bad-schema', arguments\.schema: the inputSchema does not compile/);
  });

  it('refuses malformed YAML, a second document and an empty file', () => {
    expect(failure('tasks: [\n').code).toBe('YAML_MALFORMED');
    expect(failure('tasks: []\ntasks: []\n').message).toContain('DUPLICATE_KEY');
    expect(failure('').message).toContain('the file is empty');
    expect(failure('tasks: [{ id: a, prompt: x, target: s/t }]\n---\ntasks: []\n').message).toContain('one YAML document');
  });
});
