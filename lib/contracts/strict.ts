import { z } from 'zod';

type Schema = z.core.$ZodType;

const cache = new WeakMap<Schema, Schema>();

/**
 * A copy of a contract in which every object refuses keys it does not list (z.object strips
 * them, which suits a client but would let a response grow unnoticed), and a `default` no
 * longer fills in a missing key. For tests that hold real responses to their contract.
 * Transforms are refused: a contract describes JSON as it is sent.
 */
export function strictContract<T extends Schema>(schema: T): T {
  // Sound: the copy is made by the schema's own constructor from its def, so it is a T too.
  return strict(schema) as T;
}

function strict(schema: Schema): Schema {
  const hit = cache.get(schema);
  if (hit) return hit;
  const made = rebuild(schema);
  cache.set(schema, made);
  return made;
}

function withDef(schema: Schema, changes: Record<string, unknown>): Schema {
  return new schema._zod.constr({ ...schema._zod.def, ...changes });
}

function rebuild(schema: Schema): Schema {
  // Sound: every zod schema is one of the core types; the union lets the switch narrow each def.
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      const strictShape = Object.fromEntries(Object.entries(def.shape).map(([key, value]) => [key, strict(value)]));
      // A catch-all the contract chose (z.looseObject, a typed catchall) stays; strip becomes strict.
      return withDef(schema, { shape: strictShape, catchall: def.catchall ? strict(def.catchall) : z.never() });
    }
    case 'array':
      return withDef(schema, { element: strict(def.element) });
    case 'union':
      return withDef(schema, { options: def.options.map(strict) });
    case 'intersection':
      return withDef(schema, { left: strict(def.left), right: strict(def.right) });
    case 'tuple':
      return withDef(schema, { items: def.items.map(strict), rest: def.rest ? strict(def.rest) : null });
    case 'record':
      return withDef(schema, { valueType: strict(def.valueType) });
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return withDef(schema, { innerType: strict(def.innerType) });
    case 'default':
    case 'prefault':
      // Every key of a response is written: one that would be defaulted must be there.
      return strict(def.innerType);
    case 'lazy': {
      const getter = def.getter;
      return z.lazy(() => strict(getter()));
    }
    case 'pipe':
    case 'transform':
    case 'catch':
    case 'promise':
    case 'function':
      throw new Error(`a response contract cannot hold a ${def.type}: it describes JSON as the server sends it`);
    default:
      // Leaves: string, number, boolean, literal, enum, null, unknown, …
      return schema;
  }
}
