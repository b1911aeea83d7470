import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

/**
 * What a schema is, read before ajv compiles it: too big to compile (and why), or the patterns
 * its `patternProperties` test keys with. ajv compiles recursively (a schema nested a few
 * thousand levels overflows the stack) and in time that grows with the schema (a thousand
 * properties took half a second), and a schema comes from a server or a catalog we did not
 * write; so this walk has no recursion and stops at the first bound it passes, however big the
 * schema is.
 */
export function readSchema(schema: unknown): { tooLarge: string } | { keyPatterns: Set<string> } {
  const { schemaDepth, schemaValues } = ARGUMENT_CHECK_LIMITS;
  const keyPatterns = new Set<string>();
  const stack: { node: unknown; depth: number; key: string }[] = [{ node: schema, depth: 1, key: '' }];
  let values = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    values++;
    const { node, depth } = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > schemaDepth) return { tooLarge: `it nests deeper than ${schemaDepth} levels` };
    // A key of some object's `patternProperties` (a property named so under `properties` is caught too: a harmless extra).
    const ofPatterns = next.key === 'patternProperties' && !Array.isArray(node);
    // for…in, not Object.values: nothing the size of a huge object is made before the bound stops the walk.
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (values + stack.length >= schemaValues) return { tooLarge: `it holds more than ${schemaValues.toLocaleString('en')} JSON values` };
      if (ofPatterns) keyPatterns.add(key);
      // Sound: `node` is a non-null object, and `key` one of its own keys (an index, for an array).
      stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1, key });
    }
  }
  return { keyPatterns };
}
