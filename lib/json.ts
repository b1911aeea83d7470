import { ApiError, type SpecRule } from '@/lib/errors';
import { findNul } from '@/lib/nul';
import { formatPath } from '@/lib/validation';

/** Refuse a document nested deeper than `limit` arrays/objects; walked without recursion, so any depth is safe to check. */
export function requireJsonDepth(value: unknown, limit: number, citedRule: SpecRule = '§errors'): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    // biome-ignore lint/style/noNonNullAssertion: the loop runs while the stack is not empty.
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) {
      throw new ApiError('JSON_TOO_DEEP', `the JSON document is nested more than ${limit} levels deep`, {
        suggestedAction: `flatten the document to at most ${limit} levels of arrays and objects`,
        citedRule,
      });
    }
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
}

/** Refuse a document holding U+0000 anywhere: the database cannot store it. */
export function rejectNul(value: unknown, citedRule: SpecRule = '§errors'): void {
  const at = findNul(value);
  if (!at) return;
  throw new ApiError('VALIDATION_FAILED', `${formatPath(at) || 'the body'} contains U+0000 or a lone surrogate, which cannot be stored`, {
    suggestedAction: 'remove U+0000 and unpaired surrogate characters from the strings',
    citedRule,
    details: [{ path: formatPath(at), message: 'contains U+0000 or a lone surrogate' }],
  });
}
