import type { ArgumentProblem } from './classes';
import { jsonPath } from './json-path';
import { suggestKey } from './suggest';

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
  const branches = [schema, ...branchesOf(schema, root)];
  const properties = new Map<string, unknown>();
  for (const branch of branches)
    if (isObject(branch.properties)) for (const [k, v] of Object.entries(branch.properties)) if (!properties.has(k)) properties.set(k, v);
  if (properties.size === 0) return;
  const patterns = branches.flatMap((b) => (isObject(b.patternProperties) ? Object.keys(b.patternProperties) : [])).flatMap(toRegExp);
  // A schema for the other keys, or an explicit `true`, says the server takes them.
  if (branches.some((b) => isObject(b.additionalProperties) || b.additionalProperties === true)) return;
  const forbidden = branches.some((b) => b.additionalProperties === false || b.unevaluatedProperties === false);
  const declared = [...properties.keys()];
  const sent = new Set(Object.keys(value));
  const required = new Set(branches.flatMap((b) => (Array.isArray(b.required) ? b.required.filter((k): k is string => typeof k === 'string') : [])));
  const missing = new Set(declared.filter((k) => !sent.has(k) && required.has(k)));
  for (const key of sent) {
    if (properties.has(key) || patterns.some((re) => re.test(key))) continue;
    const unsent = declared.filter((k) => !sent.has(k));
    const suggestion = suggestKey(key, unsent, missing);
    found.push({
      path: jsonPath([...at, key]),
      class: 'unexpected_param',
      keyword: 'additionalProperties',
      blocking: forbidden,
      ...(suggestion ? { suggestion } : {}),
    });
  }
  for (const [key, sub] of properties) if (sent.has(key)) walk(sub, value[key], [...at, key], root, found, depth + 1);
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
