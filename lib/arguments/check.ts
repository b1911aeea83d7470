import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type ArgumentClass, type ArgumentProblem, MAX_PROBLEM_EXPECTED, MAX_PROBLEMS_PER_CALL } from './classes';
import { undeclaredKeys } from './declared-keys';
import { jsonPath, pointerSegments } from './json-path';
import { linearRegExp, PatternLedger, PatternNotJudged, withLedger } from './pattern-engine';
import { readSchema } from './schema-read';
import { suggestUnsent } from './suggest';
import { errorMessage } from '@/lib/thrown';

type Schema = Record<string, unknown>;

/**
 * What the check of one call found, and, when it did not judge all of the call, why (a bound of
 * §arguments was reached): problems found up to there are still problems. `problems` is null
 * when the check judged nothing (it failed), so the call counts as unchecked, not as right.
 */
export type ArgumentCheck = { problems: ArgumentProblem[]; unchecked?: string } | { problems: null; unchecked: string };

/**
 * A tool's inputSchema, ready to check calls with, and what of it is never judged (patterns RE2
 * cannot take); or why it could not be compiled, and the tool is passed through unchecked.
 */
export type ToolSchemaCheck = { ok: true; check: (args: unknown) => ArgumentCheck; unchecked?: string } | { ok: false; reason: string };

const OPTIONS: Options = {
  allErrors: true,
  // Servers send keywords of their own and loose schemas: check what the schema says, refuse nothing for style.
  strict: false,
  validateSchema: false,
  // Schemas are compiled one by one and dropped; none is a reference target for another.
  addUsedSchema: false,
  verbose: true,
  logger: false,
  // Patterns come from servers and catalogs: RE2, linear in the value (pattern-engine.ts).
  code: { regExp: linearRegExp },
};

/**
 * An ajv instance keeps every function it compiled (and every pattern) for as long as it lives,
 * so a process that compiles the schemas of many catalog versions would only grow: the
 * instances are made anew after this many compiles, and the old ones go once nothing uses the
 * functions they made.
 */
const COMPILES_PER_INSTANCE = 500;

let validators: { draft07: Ajv; draft2019: Ajv2019; draft2020: Ajv2020; compiles: number } | undefined;

function instances() {
  if (!validators || validators.compiles >= COMPILES_PER_INSTANCE) {
    validators = {
      draft07: addFormats(new Ajv(OPTIONS)),
      draft2019: addFormats(new Ajv2019(OPTIONS)),
      draft2020: addFormats(new Ajv2020(OPTIONS)),
      compiles: 0,
    };
  }
  validators.compiles++;
  return validators;
}

/**
 * Compile a tool's inputSchema (§arguments). The dialect is the one its `$schema` names; a schema
 * naming none is read as 2020-12, MCP's default since 2025-11-25, and as draft-07 if it only
 * compiles so (older servers write `items: [...]` tuples and `definitions`). A schema that
 * compiles in neither, such as one whose `$ref` points outside it, or one too big to compile
 * (§arguments' bounds), comes back with the reason; this never throws.
 */
export function compileToolSchema(inputSchema: Schema): ToolSchemaCheck {
  const read = readSchema(inputSchema);
  if ('tooLarge' in read) return { ok: false, reason: `the inputSchema is not compiled: ${read.tooLarge}` };
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
    const ledger = new PatternLedger(read.keyPatterns);
    try {
      const validate = withLedger(ledger, () => ajv.compile(inputSchema));
      // ajv keeps every schema it compiled; a long-running process compiles many versions.
      ajv.removeSchema(inputSchema);
      const check = (args: unknown) => checkCall(inputSchema, validate, args);
      return ledger.unjudged.length > 0 ? { ok: true, check, unchecked: ledger.unjudged.join('; ') } : { ok: true, check };
    } catch (err) {
      ajv.removeSchema(inputSchema);
      reason ||= errorMessage(err);
    }
  }
  return { ok: false, reason: `the inputSchema does not compile: ${reason}` };
}

/** One call against a compiled schema; a failure of the check itself (a stack overflow on deep arguments) is said, not thrown. */
function checkCall(schema: Schema, validate: ValidateFunction, args: unknown): ArgumentCheck {
  const ledger = new PatternLedger();
  try {
    const { problems, stopped } = withLedger(ledger, () => problemsOf(schema, validate, args));
    const unchecked = [...ledger.unjudged, ...stopped];
    return unchecked.length > 0 ? { problems, unchecked: unchecked.join('; ') } : { problems };
  } catch (err) {
    return { problems: null, unchecked: `the argument check failed (${errorMessage(err)})` };
  }
}

/** The call's problems, the first MAX_PROBLEMS_PER_CALL distinct ones; each source is read only as far as that needs. */
function problemsOf(schema: Schema, validate: ValidateFunction, args: unknown): { problems: ArgumentProblem[]; stopped: Set<string> } {
  const problems: ArgumentProblem[] = [];
  const seen = new Set<string>();
  const stopped = new Set<string>();
  let found: Iterable<ArgumentProblem> = [];
  try {
    if (!validate(args)) found = fromAjv(validate.errors ?? [], args);
  } catch (err) {
    if (!(err instanceof PatternNotJudged)) throw err;
    stopped.add(err.message);
  }
  const sources = [found, undeclaredKeys(schema, args, stopped)];
  for (const source of sources) {
    for (const problem of source) {
      const key = `${problem.path}\u0000${problem.class}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
      if (problems.length >= MAX_PROBLEMS_PER_CALL) return { problems, stopped };
    }
  }
  return { problems, stopped };
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'contains']);

/**
 * ajv's errors as problems, made one at a time as they are taken (a suggestion is worked out only
 * for a problem kept). Under a failed anyOf or oneOf only the combinator is named, not each
 * branch's complaint.
 */
function* fromAjv(errors: readonly ErrorObject[], args: unknown): Generator<ArgumentProblem> {
  // A set of paths, and each error's own prefixes looked up in it: errors × combinators, compared
  // pairwise, grew with the square of a large call's errors.
  const combinators = new Set(errors.filter((e) => COMBINATORS.has(e.keyword)).map((e) => e.schemaPath));
  const within = (e: ErrorObject) => {
    for (let end = e.schemaPath.lastIndexOf('/'); end > 0; end = e.schemaPath.lastIndexOf('/', end - 1))
      if (combinators.has(e.schemaPath.slice(0, end))) return true;
    return false;
  };
  for (const error of errors) {
    if (within(error)) continue;
    const at = pointerSegments(error.instancePath);
    // Ajv types params per keyword only in its own union; every keyword's params is a plain object.
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' || error.keyword === 'dependentRequired' || error.keyword === 'dependencies') {
      yield { path: jsonPath([...at, String(params.missingProperty)]), class: 'missing_required', keyword: error.keyword, blocking: true };
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      const suggestion = suggestionAt(key, error.parentSchema, valueAt(args, at));
      yield { path: jsonPath([...at, key]), class: 'unexpected_param', keyword: error.keyword, blocking: true, ...(suggestion ? { suggestion } : {}) };
    } else {
      yield { path: jsonPath(at), class: classOfKeyword(error.keyword), keyword: error.keyword, blocking: true, expected: expectedOf(error) };
    }
  }
}

function classOfKeyword(keyword: string): ArgumentClass {
  // `false` is the schema that takes nothing: the value should not be there at all.
  if (keyword === 'false schema') return 'unexpected_param';
  return keyword === 'type' ? 'type_error' : 'value_error';
}

/** The key the schema at `parent` declares that an unexpected key of `value` stood for. */
function suggestionAt(key: string, parent: unknown, value: unknown): string | undefined {
  if (typeof parent !== 'object' || parent === null || typeof value !== 'object' || value === null) return undefined;
  // Sound: checked to be an object on the line above; a schema is any object.
  const { properties, required } = parent as Schema;
  if (typeof properties !== 'object' || properties === null) return undefined;
  const requiredKeys = new Set(Array.isArray(required) ? required.filter((k): k is string => typeof k === 'string') : []);
  return suggestUnsent(key, value, Object.keys(properties), requiredKeys);
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
