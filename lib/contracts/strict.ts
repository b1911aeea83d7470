import { z } from 'zod';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const cache = new WeakMap<Schema, Schema>();

/**
 * A copy of a contract in which every object refuses keys it does not list (z.object strips
 * them, which suits a client but would let a response grow unnoticed), and a `default` no
 * longer fills in a missing key. For tests that hold real responses to their contract.
 * Transforms are refused: a contract describes JSON as it is sent.
 */
export function strictContract<T extends Schema>(schema: T): T {
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
  const def = schema._zod.def as Def;
  return new schema._zod.constr({ ...def, ...changes }) as Schema;
}

function rebuild(schema: Schema): Schema {
  const def = schema._zod.def as Def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strict(value)]));
      // A catch-all the contract chose (z.looseObject, a typed catchall) stays; strip becomes strict.
      const catchall = def.catchall as Schema | undefined;
      return withDef(schema, { shape: strictShape, catchall: catchall ? strict(catchall) : z.never() });
    }
    case 'array':
      return withDef(schema, { element: strict(def.element as Schema) });
    case 'union':
      return withDef(schema, { options: (def.options as Schema[]).map(strict) });
    case 'intersection':
      return withDef(schema, { left: strict(def.left as Schema), right: strict(def.right as Schema) });
    case 'tuple':
      return withDef(schema, { items: (def.items as Schema[]).map(strict), rest: def.rest ? strict(def.rest as Schema) : null });
    case 'record':
      return withDef(schema, { valueType: strict(def.valueType as Schema) });
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return withDef(schema, { innerType: strict(def.innerType as Schema) });
    case 'default':
    case 'prefault':
      // Every key of a response is written: one that would be defaulted must be there.
      return strict(def.innerType as Schema);
    case 'lazy': {
      const getter = def.getter as () => Schema;
      return z.lazy(() => strict(getter()) as z.ZodType);
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
