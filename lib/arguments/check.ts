import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type ArgumentClass, type ArgumentProblem, MAX_PROBLEM_EXPECTED, MAX_PROBLEMS_PER_CALL } from './classes';
import { undeclaredKeys } from './declared-keys';
import { jsonPath, pointerSegments } from './json-path';
import { suggestKey } from './suggest';
import { errorMessage } from '@/lib/thrown';

type Schema = Record<string, unknown>;

/** A tool's inputSchema, ready to check calls with; or why it could not be, and the tool is passed through unchecked. */
export type ToolSchemaCheck = { ok: true; check: (args: unknown) => ArgumentProblem[] } | { ok: false; reason: string };

const OPTIONS: Options = {
  allErrors: true,
  // Servers send keywords of their own and loose schemas: check what the schema says, refuse nothing for style.
  strict: false,
  validateSchema: false,
  // Schemas are compiled one by one and dropped; none is a reference target for another.
  addUsedSchema: false,
  verbose: true,
  logger: false,
};

let validators: { draft07: Ajv; draft2019: Ajv2019; draft2020: Ajv2020 } | undefined;

function instances() {
  validators ??= {
    draft07: addFormats(new Ajv(OPTIONS)),
    draft2019: addFormats(new Ajv2019(OPTIONS)),
    draft2020: addFormats(new Ajv2020(OPTIONS)),
  };
  return validators;
}

/**
 * Compile a tool's inputSchema (§arguments). The dialect is the one its `$schema` names; a schema
 * naming none is read as 2020-12, MCP's default since 2025-11-25, and as draft-07 if it only
 * compiles so (older servers write `items: [...]` tuples and `definitions`). A schema that
 * compiles in neither, such as one whose `$ref` points outside it, comes back with the reason.
 */
export function compileToolSchema(inputSchema: Schema): ToolSchemaCheck {
  const dialect = typeof inputSchema.$schema === 'string' ? inputSchema.$schema : '';
  const { draft07, draft2019, draft2020 } = instances();
  const tries: Ajv[] = dialect.includes('2020-12')
    ? [draft2020]
    : dialect.includes('2019-09')
      ? [draft2019]
      : dialect.includes('draft-0')
        ? [draft07]
        : [draft2020, draft07];
  let reason = '';
  for (const ajv of tries) {
    try {
      const validate = ajv.compile(inputSchema);
      // ajv keeps every schema it compiled; a long-running process compiles many versions.
      ajv.removeSchema(inputSchema);
      return { ok: true, check: (args) => problemsOf(inputSchema, validate, args) };
    } catch (err) {
      ajv.removeSchema(inputSchema);
      reason ||= errorMessage(err);
    }
  }
  return { ok: false, reason: `the inputSchema does not compile: ${reason}` };
}

function problemsOf(schema: Schema, validate: ValidateFunction, args: unknown): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: ArgumentProblem) => {
    const key = `${problem.path}\u0000${problem.class}`;
    if (seen.has(key) || problems.length >= MAX_PROBLEMS_PER_CALL) return;
    seen.add(key);
    problems.push(problem);
  };
  if (!validate(args)) for (const problem of fromAjv(validate.errors ?? [], args)) add(problem);
  for (const problem of undeclaredKeys(schema, args)) add(problem);
  return problems;
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'contains']);

/** ajv's errors as problems. Under a failed anyOf or oneOf only the combinator is named, not each branch's complaint. */
function fromAjv(errors: readonly ErrorObject[], args: unknown): ArgumentProblem[] {
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword)).map((e) => e.schemaPath);
  const within = (e: ErrorObject) => combinators.some((path) => e.schemaPath !== path && e.schemaPath.startsWith(`${path}/`));
  const problems: ArgumentProblem[] = [];
  for (const error of errors) {
    if (within(error)) continue;
    const at = pointerSegments(error.instancePath);
    // Ajv types params per keyword only in its own union; every keyword's params is a plain object.
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' || error.keyword === 'dependentRequired' || error.keyword === 'dependencies') {
      problems.push({ path: jsonPath([...at, String(params.missingProperty)]), class: 'missing_required', keyword: error.keyword, blocking: true });
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      const suggestion = suggestKey(key, declaredAt(error.parentSchema, valueAt(args, at)));
      problems.push({ path: jsonPath([...at, key]), class: 'unexpected_param', keyword: error.keyword, blocking: true, ...(suggestion ? { suggestion } : {}) });
    } else {
      problems.push({ path: jsonPath(at), class: classOfKeyword(error.keyword), keyword: error.keyword, blocking: true, expected: expectedOf(error) });
    }
  }
  return problems;
}

function classOfKeyword(keyword: string): ArgumentClass {
  // `false` is the schema that takes nothing: the value should not be there at all.
  if (keyword === 'false schema') return 'unexpected_param';
  return keyword === 'type' ? 'type_error' : 'value_error';
}

function declaredAt(parent: unknown, value: unknown): string[] {
  if (typeof parent !== 'object' || parent === null) return [];
  // Sound: checked to be an object on the line above; a schema is any object.
  const properties = (parent as Schema).properties;
  const sent = typeof value === 'object' && value !== null ? new Set(Object.keys(value)) : new Set<string>();
  return typeof properties === 'object' && properties !== null ? Object.keys(properties).filter((k) => !sent.has(k)) : [];
}

function valueAt(root: unknown, at: readonly (string | number)[]): unknown {
  let node = root;
  // Sound: checked to be an object in the same expression.
  for (const segment of at) node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[segment] : undefined;
  return node;
}

/** ajv's words for what the schema wants; for an enum, its values (the schema's, not the caller's). */
function expectedOf(error: ErrorObject): string {
  // Ajv types params per keyword only in its own union; every keyword's params is a plain object.
  const params = error.params as Record<string, unknown>;
  const text = Array.isArray(params.allowedValues)
    ? `must be one of: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
    : (error.message ?? error.keyword);
  return text.length > MAX_PROBLEM_EXPECTED ? `${text.slice(0, MAX_PROBLEM_EXPECTED - 1)}…` : text;
}
