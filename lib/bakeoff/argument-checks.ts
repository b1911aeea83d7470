import { type ArgumentProblem, MAX_PROBLEM_EXPECTED } from '@/lib/arguments/classes';
import { jsonPath } from '@/lib/arguments/json-path';
import type { SchemaChecks } from '@/lib/arguments/schema-checks';
import { stableStringify } from '@/lib/stable-json';
import type { ArgumentChecks } from './task-schema';
import type { ParsedArguments } from './transcript';
import { isObject } from '@/lib/records';

type Schema = Record<string, unknown>;

/** Arguments that are not a JSON object: a tool takes an object, so this is a type error of the whole. */
function notAnObject(parsed: ParsedArguments): ArgumentProblem[] {
  if (parsed.ok && isObject(parsed.value)) return [];
  return [{ path: '$', class: 'type_error', keyword: 'type', expected: parsed.ok ? 'must be object' : 'must be a JSON object', blocking: true }];
}

/**
 * What the tool's own inputSchema finds in a call (§arguments), as the proxy's check would; none
 * when the bake-off was given no schema for the tool or it does not compile (then the proxy
 * passes the call through unchecked too).
 */
export function schemaProblems(parsed: ParsedArguments, schema: Schema | undefined, checks: SchemaChecks): ArgumentProblem[] {
  const shape = notAnObject(parsed);
  if (shape.length > 0 || !schema || !parsed.ok) return shape;
  const compiled = checks.for(schema);
  return compiled.ok ? (compiled.check(parsed.value).problems ?? []) : [];
}

/**
 * What the task's checks find in a call of its target: keys it must send, values it must send
 * exactly, and the task's schema fragment; in the product's argument classes, so a bake-off's
 * failures read as the proxy's do.
 */
export function taskProblems(parsed: ParsedArguments, task: ArgumentChecks | undefined, checks: SchemaChecks): ArgumentProblem[] {
  if (!parsed.ok || !isObject(parsed.value)) return notAnObject(parsed);
  const args = parsed.value;
  const problems: ArgumentProblem[] = [];
  const missing = new Set<string>();
  const wants = [...(task?.required ?? []), ...Object.keys(task?.equals ?? {})];
  for (const key of wants) {
    if (key in args || missing.has(key)) continue;
    missing.add(key);
    problems.push({ path: jsonPath([key]), class: 'missing_required', keyword: 'required', blocking: true });
  }
  for (const [key, want] of Object.entries(task?.equals ?? {})) {
    if (!(key in args) || stableStringify(args[key]) === stableStringify(want)) continue;
    const expected = `must be ${JSON.stringify(want)}`;
    problems.push({
      path: jsonPath([key]),
      class: 'value_error',
      keyword: 'const',
      blocking: true,
      expected: expected.length > MAX_PROBLEM_EXPECTED ? `${expected.slice(0, MAX_PROBLEM_EXPECTED - 1)}…` : expected,
    });
  }
  if (task?.schema) {
    const compiled = checks.for(task.schema);
    if (compiled.ok) problems.push(...(compiled.check(args).problems ?? []));
  }
  return dedupe(problems);
}

function dedupe(problems: readonly ArgumentProblem[]): ArgumentProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.class}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
