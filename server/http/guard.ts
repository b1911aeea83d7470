import { ApiError } from '@/lib/errors';
import { MAX_PATH_PARAM_LENGTH, MAX_QUERY_NAME_LENGTH, MAX_QUERY_VALUE_LENGTH } from '@/lib/limits';
import { findNul } from '@/lib/nul';
import type { RequestHead } from './request-head';

function invalid(what: string, problem: string): ApiError {
  return new ApiError('INVALID_PARAMETER', `${what} ${problem}`, {
    suggestedAction: `fix the ${what} in the URL`,
    citedRule: '§errors',
  });
}

/**
 * Path and query parameters reach SQL as text. U+0000 or an unpaired surrogate would make the
 * database fail (a 500), and a megabyte-long one is no id; refuse both as a 400 up front, for
 * every route, so no handler has to remember.
 */
export function requireStorableRequest(req: RequestHead, params: Record<string, string | string[]>): void {
  for (const [name, value] of Object.entries(params)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (part.length > MAX_PATH_PARAM_LENGTH) throw invalid(`path parameter '${name}'`, `is longer than ${MAX_PATH_PARAM_LENGTH} characters`);
      if (findNul(part)) throw invalid(`path parameter '${name}'`, 'contains U+0000 or a lone surrogate');
    }
  }
  // Most requests (every proxy poll) carry no query: skip parsing the URL for them.
  if (!req.url.includes('?')) return;
  for (const [name, value] of new URL(req.url).searchParams) {
    const label = `query parameter '${name.slice(0, MAX_QUERY_NAME_LENGTH)}'`;
    if (name.length > MAX_QUERY_NAME_LENGTH) throw invalid('query parameter name', `is longer than ${MAX_QUERY_NAME_LENGTH} characters`);
    if (value.length > MAX_QUERY_VALUE_LENGTH) throw invalid(label, `is longer than ${MAX_QUERY_VALUE_LENGTH} characters`);
    if (findNul(name) || findNul(value)) throw invalid(label, 'contains U+0000 or a lone surrogate');
  }
}
