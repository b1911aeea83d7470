import type { ArgumentProblem } from './classes';
import { jsonPath } from './json-path';
import { suggestKey } from './suggest';
import { kept } from '@/lib/kept';

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;
const MAX_ITEMS = 50;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys a call sent that its schema does not declare, at every level the schema describes with
 * `properties`. A validator flags them only under `additionalProperties: false`; most servers
 * leave that out, and then `start` for `startDate` passes the schema and the server ignores it.
 * So they are found here, each with the declared key it most likely stood for, and marked
 * blocking only where the schema forbids them.
 */
export function undeclaredKeys(schema: Schema, args: unknown): ArgumentProblem[] {
  const found: ArgumentProblem[] = [];
  walk(schema, args, [], schema, found, 0);
  return found;
}

function walk(raw: unknown, value: unknown, at: (string | number)[], root: Schema, found: ArgumentProblem[], depth: number): void {
  const schema = resolve(raw, root);
  if (!schema || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    const items = resolve(schema.items, root);
    if (items) for (const [i, item] of value.slice(0, MAX_ITEMS).entries()) walk(items, item, [...at, i], root, found, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const plan = planOf(schema, root);
  // No declared keys, or a schema for the other keys (or an explicit `true`): the server takes any.
  if (!plan) return;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || plan.properties.has(key) || plan.patterns.some((re) => re.test(key))) continue;
    const unsent = plan.declared.filter((k) => !Object.hasOwn(value, k));
    const suggestion = suggestKey(key, unsent, new Set(unsent.filter((k) => plan.required.has(k))));
    found.push({
      path: jsonPath([...at, key]),
      class: 'unexpected_param',
      keyword: 'additionalProperties',
      blocking: plan.forbidden,
      ...(suggestion ? { suggestion } : {}),
    });
  }
  for (const [key, sub] of plan.properties) if (Object.hasOwn(value, key)) walk(sub, value[key], [...at, key], root, found, depth + 1);
}

/** What one object schema declares, with its branches: worked out once per schema node, not per call (#26). */
interface KeyPlan {
  properties: Map<string, unknown>;
  declared: string[];
  patterns: RegExp[];
  required: Set<string>;
  /** `additionalProperties: false` or `unevaluatedProperties: false` on the schema or a branch. */
  forbidden: boolean;
}

/** Per root schema (a `$ref` resolves against it), per node; null where no key is undeclared. */
const plans = new WeakMap<Schema, Map<Schema, KeyPlan | null>>();

function planOf(schema: Schema, root: Schema): KeyPlan | null {
  return kept(
    kept(plans, root, () => new Map()),
    schema,
    () => makePlan(schema, root),
  );
}

function makePlan(schema: Schema, root: Schema): KeyPlan | null {
  const branches = [schema, ...branchesOf(schema, root)];
  const properties = new Map<string, unknown>();
  for (const branch of branches)
    if (isObject(branch.properties)) for (const [k, v] of Object.entries(branch.properties)) if (!properties.has(k)) properties.set(k, v);
  if (properties.size === 0) return null;
  if (branches.some((b) => isObject(b.additionalProperties) || b.additionalProperties === true)) return null;
  return {
    properties,
    declared: [...properties.keys()],
    patterns: branches.flatMap((b) => (isObject(b.patternProperties) ? Object.keys(b.patternProperties) : [])).flatMap(toRegExp),
    required: new Set(branches.flatMap((b) => (Array.isArray(b.required) ? b.required.filter((k): k is string => typeof k === 'string') : []))),
    forbidden: branches.some((b) => b.additionalProperties === false || b.unevaluatedProperties === false),
  };
}

/** The branches whose keys also count as declared: every allOf, and every anyOf or oneOf (any may apply). */
function branchesOf(schema: Schema, root: Schema): Schema[] {
  // filter(Array.isArray) types the lists as any[]; unknown[] keeps their items checked below.
  const lists = [schema.allOf, schema.anyOf, schema.oneOf].filter(Array.isArray) as unknown[][];
  return lists
    .flat()
    .map((b) => resolve(b, root))
    .filter((b): b is Schema => b !== null);
}

/** A schema with a local `$ref` followed (a few steps at most); null for anything else. */
function resolve(raw: unknown, root: Schema): Schema | null {
  let schema = raw;
  for (let step = 0; step < 5 && isObject(schema) && typeof schema.$ref === 'string'; step++) {
    const target = pointerTarget(root, schema.$ref);
    if (!target) return isObject(schema) ? schema : null;
    schema = target;
  }
  return isObject(schema) ? schema : null;
}

function pointerTarget(root: Schema, ref: string): Schema | null {
  if (!ref.startsWith('#')) return null;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node)) return null;
    node = node[key];
  }
  return isObject(node) ? node : null;
}

function toRegExp(pattern: string): RegExp[] {
  try {
    return [new RegExp(pattern, 'u')];
  } catch {
    return [];
  }
}
