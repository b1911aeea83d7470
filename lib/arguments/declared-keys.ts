import type { ArgumentProblem } from './classes';
import { jsonPath } from './json-path';
import { patternTest } from './pattern-engine';
import { linearPattern } from './patterns';
import { suggestUnsent } from './suggest';
import { kept } from '@/lib/kept';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;
const MAX_ITEMS = 50;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys a call sent that its schema does not declare, at every level the schema describes with
 * `properties`. A validator flags them only under `additionalProperties: false`; most servers
 * leave that out, and then `start` for `startDate` passes the schema and the server ignores it.
 * So they are found here, each with the declared key it most likely stood for, and marked
 * blocking only where the schema forbids them. The walk is bounded (MAX_DEPTH levels, MAX_ITEMS
 * items of an array, ARGUMENT_CHECK_LIMITS.keysPerCall keys in all) and adds to `stopped` what
 * it left unread; the caller takes problems only as long as it wants them.
 */
export function* undeclaredKeys(schema: Schema, args: unknown, stopped = new Set<string>()): Generator<ArgumentProblem> {
  yield* walk(schema, args, [], schema, { stopped, keys: 0 }, 0);
}

interface Walk {
  stopped: Set<string>;
  /** Keys read so far, in all. */
  keys: number;
}

function* walk(raw: unknown, value: unknown, at: (string | number)[], root: Schema, state: Walk, depth: number): Generator<ArgumentProblem> {
  const { stopped } = state;
  const schema = resolve(raw, root);
  if (!schema || typeof value !== 'object' || value === null || state.keys > ARGUMENT_CHECK_LIMITS.keysPerCall) return;
  if (depth > MAX_DEPTH) {
    stopped.add(`keys nested deeper than ${MAX_DEPTH} levels were not read for undeclared keys`);
    return;
  }
  if (Array.isArray(value)) {
    const items = resolve(schema.items, root);
    if (!items) return;
    for (const [i, item] of value.entries()) {
      if (i < MAX_ITEMS) yield* walk(items, item, [...at, i], root, state, depth + 1);
      else if (typeof item === 'object' && item !== null) {
        stopped.add(`only the first ${MAX_ITEMS} items of an array were read for undeclared keys`);
        return;
      }
    }
    return;
  }
  const plan = planOf(schema, root);
  // No declared keys, or a schema for the other keys (or an explicit `true`): the server takes any.
  if (!plan) return;
  // Sound: an object that is not an array, checked above; arguments are parsed JSON.
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (++state.keys > ARGUMENT_CHECK_LIMITS.keysPerCall) {
      stopped.add(`only the first ${ARGUMENT_CHECK_LIMITS.keysPerCall.toLocaleString('en')} keys of the call were read for undeclared keys`);
      return;
    }
    if (plan.properties.has(key) || plan.patterns.some((test) => test(key))) continue;
    const suggestion = suggestUnsent(key, object, plan.declared, plan.required);
    yield {
      path: jsonPath([...at, key]),
      class: 'unexpected_param',
      keyword: 'additionalProperties',
      blocking: plan.forbidden,
      ...(suggestion ? { suggestion } : {}),
    };
  }
  for (const [key, sub] of plan.properties) if (Object.hasOwn(object, key)) yield* walk(sub, object[key], [...at, key], root, state, depth + 1);
}

/** What one object schema declares, with its branches: worked out once per schema node, not per call (#26). */
interface KeyPlan {
  properties: Map<string, unknown>;
  declared: string[];
  /** The tests of its `patternProperties`: a key one of them matches is declared (and one RE2 cannot judge is taken as declared). */
  patterns: ((key: string) => boolean)[];
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
    patterns: branches
      .flatMap((b) => (isObject(b.patternProperties) ? Object.keys(b.patternProperties) : []))
      .map((source) => {
        const pattern = linearPattern(source);
        return patternTest(pattern.ok ? pattern : null);
      }),
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
