import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

/**
 * A call's arguments as ingest counts them: their length as JSON (counted about: strings, keys
 * and numbers by their length, a few characters for the rest), or why ingest does not check them
 * for their size: longer than ARGUMENT_CHECK_LIMITS.ingestCharacters or nested deeper than
 * ingestDepth. Read without recursion, and only until a bound is passed: what one sender's event
 * costs another project is bounded by the bound, not by the event.
 */
export function argumentsSize(args: unknown): { characters: number } | { tooLarge: string } {
  const { ingestCharacters, ingestDepth } = ARGUMENT_CHECK_LIMITS;
  const tooLong = { tooLarge: `its arguments are longer than ${ingestCharacters.toLocaleString('en')} characters as JSON, more than ingest checks` };
  const stack: { value: unknown; depth: number }[] = [{ value: args, depth: 0 }];
  let characters = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') characters += value.length + 2;
    else if (typeof value !== 'object' || value === null) characters += String(value).length;
    else {
      if (depth >= ingestDepth) return { tooLarge: `its arguments nest deeper than ${ingestDepth} levels, more than ingest checks` };
      characters += 2;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        characters += Array.isArray(value) ? 1 : key.length + 4;
        if (characters > ingestCharacters) return tooLong;
        // Sound: `value` is a non-null object, and `key` one of its own keys (an index, for an array).
        stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
    if (characters > ingestCharacters) return tooLong;
  }
  return { characters };
}
