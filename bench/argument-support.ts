/**
 * Calls a model would make to a tool, generated from its inputSchema (shared by the
 * argument-check and ingest benches): valid ones (the required keys and some optional ones,
 * each with a value of the declared type) and the three mistakes §arguments classes most,
 * a shortened key (`start` for `startDate`), a value of the wrong type and a required key left out.
 */
type Schema = Record<string, unknown>;

export type CallKind = 'valid' | 'wrong_key' | 'wrong_type' | 'missing_required';

export interface GeneratedCall {
  kind: CallKind;
  args: Record<string, unknown>;
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  if (isObject(schema.properties)) return 'object';
  return undefined;
}

function stringOf(schema: Schema, key: string, rand: () => number): string {
  const n = Math.floor(rand() * 10_000);
  switch (schema.format) {
    case 'uri':
    case 'url':
      return `https://example.com/${key}/${n}`;
    case 'date-time':
      return new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
    case 'date':
      return new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    case 'email':
      return `user${n}@example.com`;
    default:
      return `${key} ${n}`;
  }
}

/** A value the schema takes; `key` only flavours strings. */
export function validValue(raw: unknown, rand: () => number, key = 'value', depth = 0): unknown {
  if (!isObject(raw)) return `${key}`;
  if ('const' in raw) return raw.const;
  if (Array.isArray(raw.enum) && raw.enum.length > 0) return pick(rand, raw.enum);
  const branches = (raw.anyOf ?? raw.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) return validValue(branches[0], rand, key, depth);
  switch (typeOf(raw)) {
    case 'string':
      return stringOf(raw, key, rand);
    case 'integer':
    case 'number': {
      const min = typeof raw.minimum === 'number' ? raw.minimum : 1;
      const max = typeof raw.maximum === 'number' ? raw.maximum : Math.max(min, 100);
      const n = min + Math.floor(rand() * (max - min + 1));
      return Math.min(max, n);
    }
    case 'boolean':
      return rand() < 0.5;
    case 'null':
      return null;
    case 'array': {
      const min = typeof raw.minItems === 'number' ? raw.minItems : 1;
      const length = depth > 3 ? min : min + Math.floor(rand() * 3);
      return Array.from({ length }, () => validValue(raw.items, rand, key, depth + 1));
    }
    case 'object':
      return validObject(raw, rand, depth);
    default:
      return `${key}`;
  }
}

function validObject(schema: Schema, rand: () => number, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(properties)) {
    // Models send every required key and about half the optional ones; deeper down, only what is required.
    if (required.has(key) || (depth < 2 && rand() < 0.5)) out[key] = validValue(sub, rand, key, depth + 1);
  }
  return out;
}

/** `start` for `startDate`, `channel` for `channel_id`; a one-word key loses its last letter. */
export function shortenedKey(key: string): string {
  const words = key.split(/(?=[A-Z])|_/).filter(Boolean);
  if (words.length > 1) return key.slice(0, key.length - words[words.length - 1]!.length).replace(/_$/, '');
  return key.length > 2 ? key.slice(0, -1) : `${key}x`;
}

/** A value of another type than the schema's. */
function wrongValue(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 42;
    case 'integer':
    case 'number':
      return '10';
    case 'boolean':
      return 'true';
    case 'array':
      return 'a,b';
    default:
      return 7;
  }
}

/**
 * `valid` valid calls of the tool and one of each mistake its schema can show (a tool without
 * properties takes any key, one without required keys misses none; those make valid calls).
 */
export function callsFor(inputSchema: Schema, rand: () => number, counts: { valid: number; wrong: number }): GeneratedCall[] {
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const keys = Object.keys(properties);
  const required = Array.isArray(inputSchema.required) ? (inputSchema.required as string[]).filter((k) => k in properties) : [];
  const typed = keys.filter((k) => {
    const sub = properties[k];
    return isObject(sub) && typeof sub.type === 'string' && !('enum' in sub) && !('anyOf' in sub) && !('oneOf' in sub);
  });
  const valid = (): Record<string, unknown> => validObject(inputSchema, rand, 0);
  const calls: GeneratedCall[] = Array.from({ length: counts.valid }, () => ({ kind: 'valid', args: valid() }));
  const kinds: CallKind[] = ['wrong_key', 'wrong_type', 'missing_required'];
  for (let i = 0; i < counts.wrong; i++) {
    const kind = kinds[i % kinds.length]!;
    const args = valid();
    if (kind === 'wrong_key' && keys.length > 0) {
      // Models shorten the key they mean; a required one is the likelier.
      const key = pick(rand, required.length > 0 ? required : keys);
      let wrong = shortenedKey(key);
      while (wrong in properties) wrong = `${wrong}x`;
      args[wrong] = args[key] ?? validValue(properties[key], rand, key);
      delete args[key];
      calls.push({ kind, args });
    } else if (kind === 'wrong_type' && typed.length > 0) {
      const key = pick(rand, typed);
      args[key] = wrongValue(properties[key] as Schema);
      calls.push({ kind, args });
    } else if (kind === 'missing_required' && required.length > 0) {
      delete args[pick(rand, required)];
      calls.push({ kind, args });
    } else {
      calls.push({ kind: 'valid', args });
    }
  }
  return calls;
}
