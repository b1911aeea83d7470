import type { z } from 'zod';
import { ApiError, type SpecRule } from '@/lib/errors';
import { issueDetails, PLAIN_ERRORS, summariseIssues as summarise } from '@/lib/validation';
import { itemAt } from '@/lib/arrays';

/** Validate a parsed body; a failure is a 422 that names every bad field. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown, citedRule: SpecRule = '§errors'): z.infer<S> {
  const result = schema.safeParse(value, PLAIN_ERRORS);
  if (result.success) return result.data;
  throw invalid(result.error, {
    code: 'VALIDATION_FAILED',
    what: 'request body',
    fix: 'fix the fields listed in details and send the request again',
    citedRule,
  });
}

/** The error for a failed parse: what was invalid, every bad field in details. */
function invalid(error: z.ZodError, how: { code: 'VALIDATION_FAILED' | 'INVALID_PARAMETER'; what: string; fix: string; citedRule: SpecRule }): ApiError {
  const details = issueDetails(error);
  return new ApiError(how.code, `invalid ${how.what}: ${summarise(details)}`, { suggestedAction: how.fix, citedRule: how.citedRule, details });
}

/** Validate query parameters; a failure is a 400 that names the parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string | URL, citedRule: SpecRule = '§errors'): z.infer<S> {
  const params = new URL(url).searchParams;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    // The key came from params.keys(), so it has at least one value.
    raw[key] = all.length > 1 ? all : itemAt(all, 0);
  }
  const result = schema.safeParse(raw, PLAIN_ERRORS);
  if (result.success) return result.data;
  throw invalid(result.error, { code: 'INVALID_PARAMETER', what: 'query parameter', fix: 'fix the query parameters listed in details', citedRule });
}

/** Validate the path parameters; a failure is a 400 that names the first bad one. */
export function parseParams<S extends z.ZodType>(schema: S, params: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(params, PLAIN_ERRORS);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'parameter');
  throw new ApiError('INVALID_PARAMETER', `invalid path parameter '${name}': ${issue?.message ?? 'invalid'}`, {
    suggestedAction: `check the ${name} in the URL`,
    citedRule: '§errors',
  });
}
