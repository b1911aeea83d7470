import { itemAt } from '@/lib/arrays';

/**
 * The arguments of the demo's calls, built from each tool's inputSchema: mostly right, and per
 * model a share of the mistakes models really make (§arguments), so the Usage tab has failure
 * classes to show: a key near the real one (`repository` for `repo`), a value of the wrong
 * type (`"42"` for a number), a required key left out, a value the schema refuses.
 */

type Schema = Record<string, unknown>;
export type Mistake = 'near_key' | 'wrong_type' | 'missing_required' | 'wrong_value';

/** How often a model gets a call's arguments wrong, and which mistakes it makes (weights in MISTAKES order). */
export interface ArgumentHabits {
  rate: number;
  mix: readonly [number, number, number, number];
}
const MISTAKES: readonly Mistake[] = ['near_key', 'wrong_type', 'missing_required', 'wrong_value'];

/** Scripts send what they were written to send; small models stray most, and mostly in key names. */
export const MODEL_HABITS: Record<string, ArgumentHabits> = {
  'claude-sonnet-4.6': { rate: 0.025, mix: [0.4, 0.2, 0.3, 0.1] },
  'gpt-5.4': { rate: 0.035, mix: [0.45, 0.25, 0.2, 0.1] },
  'gpt-5.4-mini': { rate: 0.08, mix: [0.5, 0.2, 0.2, 0.1] },
  'gemini-3-flash': { rate: 0.09, mix: [0.35, 0.35, 0.2, 0.1] },
  'llama-4-scout': { rate: 0.16, mix: [0.55, 0.2, 0.15, 0.1] },
};
const NO_MISTAKES: ArgumentHabits = { rate: 0, mix: [1, 0, 0, 0] };

/** The keys models put in place of the demo servers' own (seen in real traces); others get a generic slip. */
const NEAR_KEYS: Record<string, readonly string[]> = {
  repo: ['repository', 'repo_name'],
  owner: ['owner_name', 'org'],
  issue_number: ['issueNumber', 'issue'],
  pull_number: ['pullNumber', 'pr_number'],
  per_page: ['perPage', 'limit'],
  perPage: ['per_page'],
  q: ['query'],
  query: ['q', 'search_query'],
  project_id: ['projectId', 'project'],
  file_path: ['path', 'filePath'],
  path: ['file_path', 'filepath'],
  commit_message: ['message'],
  message: ['commit_message'],
  branch: ['branch_name', 'ref'],
  content: ['contents'],
  body: ['description'],
  destination: ['dest'],
  entities: ['entity'],
  entityNames: ['entity_names', 'names'],
  source_branch: ['sourceBranch', 'source'],
  target_branch: ['targetBranch', 'target'],
};

const STRINGS: Record<string, readonly string[]> = {
  owner: ['acme', 'octo-org'],
  repo: ['storefront', 'billing-api', 'docs'],
  name: ['storefront', 'checkout-service'],
  path: ['src/index.ts', 'README.md', '/srv/app/config.yaml'],
  file_path: ['README.md', 'src/cart.ts'],
  branch: ['main', 'fix-rounding'],
  title: ['Fix rounding in checkout totals', 'Add retry to the payment client'],
  body: ['The totals are off by a cent when a discount applies.'],
  message: ['Update README'],
  commit_message: ['Fix rounding in checkout totals'],
  content: ['export const VERSION = "1.4.2";\n'],
  query: ['checkout rounding', 'payment retries'],
  q: ['repo:acme/storefront rounding', 'is:open label:bug'],
  search: ['storefront'],
  project_id: ['acme/storefront', '4021'],
  head: ['fix-rounding'],
  base: ['main'],
  source_branch: ['fix-rounding'],
  target_branch: ['main'],
  sha: ['a1b2c3d'],
  ref: ['main'],
};

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
// Sound: isObject checked it; every value of properties is a schema (an object).
const propertiesOf = (schema: Schema): Record<string, Schema> => (isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {});
// The demo catalogs are JSON Schemas this repository ships: required is a list of names.
const requiredOf = (schema: Schema): string[] => (Array.isArray(schema.required) ? (schema.required as string[]) : []);
const pick = <T>(items: readonly T[], rand: () => number): T => itemAt(items, Math.floor(rand() * items.length));

/** A value the schema accepts, plausible for its key. */
function valueFor(key: string, schema: Schema, rand: () => number, depth: number): unknown {
  if (Array.isArray(schema.enum)) return pick(schema.enum, rand);
  const branch = Array.isArray(schema.anyOf) ? schema.anyOf[0] : Array.isArray(schema.oneOf) ? schema.oneOf[0] : undefined;
  if (isObject(branch)) return valueFor(key, branch, rand, depth);
  switch (schema.type) {
    case 'number':
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : key.endsWith('number') ? 400 : 30;
      return min + Math.floor(rand() * (max - min + 1));
    }
    case 'boolean':
      return rand() < 0.5;
    case 'array': {
      const items = isObject(schema.items) ? schema.items : { type: 'string' };
      return Array.from({ length: 1 + Math.floor(rand() * 2) }, () => valueFor(key.replace(/s$/, ''), items, rand, depth + 1));
    }
    case 'object':
      return depth > 3 ? {} : objectFor(schema, rand, depth + 1);
    default:
      if (schema.format === 'uri') return 'data:text/plain;base64,aGVsbG8=';
      return pick(STRINGS[key] ?? [`${key.replace(/[_-]/g, ' ')} example`], rand);
  }
}

function objectFor(schema: Schema, rand: () => number, depth: number): Record<string, unknown> {
  const required = new Set(requiredOf(schema));
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(propertiesOf(schema))) {
    if (required.has(key) || rand() < 0.3) out[key] = valueFor(key, isObject(property) ? property : {}, rand, depth);
  }
  return out;
}

/** Arguments the tool's schema accepts: every required key, some optional ones. */
export function validArguments(inputSchema: Schema, rand: () => number): Record<string, unknown> {
  return objectFor(inputSchema, rand, 0);
}

function slip(key: string, rand: () => number): string {
  const known = NEAR_KEYS[key];
  if (known) return pick(known, rand);
  const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  if (camel !== key) return camel;
  const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (snake !== key) return snake;
  return key.endsWith('s') ? key.slice(0, -1) : `${key}s`;
}

/** A value of another type than the schema's, as models send them: numbers and booleans quoted, one item for a list. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : JSON.stringify(value);
  if (typeof value === 'string') return value.length;
  return [value];
}

/** A value of the right type that the schema refuses: past a bound, or an enum value slightly off. */
const ENUM_SLIPS: Record<string, string> = { asc: 'ascending', desc: 'descending', open: 'opened', closed: 'close', merge: 'merged' };

function wrongValue(schema: Schema): unknown {
  const first = Array.isArray(schema.enum) ? schema.enum[0] : undefined;
  if (typeof first === 'string') return ENUM_SLIPS[first] ?? (first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase());
  if (typeof schema.maximum === 'number') return schema.maximum * 5;
  if (typeof schema.minimum === 'number') return schema.minimum - 1;
  return undefined;
}

/** The call's arguments with one mistake of the kind asked, or null when this tool leaves no room for it. */
export function mistaken(args: Record<string, unknown>, inputSchema: Schema, kind: Mistake, rand: () => number): Record<string, unknown> | null {
  const properties = propertiesOf(inputSchema);
  const sent = Object.keys(args);
  switch (kind) {
    case 'near_key': {
      if (sent.length === 0) return null;
      const key = pick(sent, rand);
      const other = slip(key, rand);
      if (other in properties) return null;
      const { [key]: value, ...rest } = args;
      return { ...rest, [other]: value };
    }
    case 'wrong_type': {
      const typed = sent.filter((k) => typeof properties[k]?.type === 'string' && properties[k]?.type !== 'object');
      if (typed.length === 0) return null;
      const key = pick(typed, rand);
      return { ...args, [key]: wrongType(args[key]) };
    }
    case 'missing_required': {
      const required = requiredOf(inputSchema);
      if (required.length === 0) return null;
      const { [pick(required, rand)]: _, ...rest } = args;
      return rest;
    }
    case 'wrong_value': {
      const bounded = Object.entries(properties).filter(([, p]) => wrongValue(p) !== undefined);
      if (bounded.length === 0) return null;
      const [key, property] = pick(bounded, rand);
      return { ...args, [key]: wrongValue(property) };
    }
  }
}

/**
 * One call's arguments for `model`, the mistake in them if any, and whether a server checking
 * its own schema would refuse them: every mistake but a key the schema neither declares nor
 * forbids, which it ignores. A tool with no room for the mistake drawn (no required key to
 * leave out, no bound to break) gets it right.
 */
export function demoArguments(
  inputSchema: Schema,
  model: string,
  rand: () => number,
): { arguments: Record<string, unknown>; mistake: Mistake | null; refused: boolean } {
  const args = validArguments(inputSchema, rand);
  const habits = MODEL_HABITS[model] ?? NO_MISTAKES;
  if (rand() >= habits.rate) return { arguments: args, mistake: null, refused: false };
  const r = rand() * habits.mix.reduce((a, b) => a + b, 0);
  let below = 0;
  const kind =
    MISTAKES.find((_, i) => {
      below += itemAt(habits.mix, i);
      return r < below;
    }) ?? 'near_key';
  const wrong = mistaken(args, inputSchema, kind, rand);
  if (!wrong) return { arguments: args, mistake: null, refused: false };
  const refused = kind !== 'near_key' || inputSchema.additionalProperties === false || requiredOf(inputSchema).some((k) => !(k in wrong));
  return { arguments: wrong, mistake: kind, refused };
}
