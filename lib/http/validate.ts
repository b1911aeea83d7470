import type { z } from 'zod';
import { ApiError, type SpecRule } from '@/lib/errors';

export interface IssueDetail {
  path: string;
  message: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function issueDetails(error: z.ZodError): IssueDetail[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

function summarise(details: IssueDetail[]): string {
  const first = details[0];
  const head = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'invalid';
  return details.length > 1 ? `${head} (and ${details.length - 1} more)` : head;
}

/** Validate a parsed body; a failure is a 422 that names every bad field. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown, citedRule: SpecRule = '§errors'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issueDetails(result.error);
  throw new ApiError('VALIDATION_FAILED', `invalid request body: ${summarise(details)}`, {
    suggestedAction: 'fix the fields listed in details and send the request again',
    citedRule,
    details,
  });
}

/** Validate query parameters; a failure is a 400 that names the parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string | URL, citedRule: SpecRule = '§errors'): z.infer<S> {
  const params = new URL(url).searchParams;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    // The key came from params.keys(), so it has at least one value.
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const details = issueDetails(result.error);
  throw new ApiError('INVALID_PARAMETER', `invalid query parameter: ${summarise(details)}`, {
    suggestedAction: 'fix the query parameters listed in details',
    citedRule,
    details,
  });
}

export function parseParam<S extends z.ZodType>(schema: S, value: unknown, name: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError('INVALID_PARAMETER', `invalid path parameter '${name}': ${result.error.issues[0]?.message ?? 'invalid'}`, {
    suggestedAction: `check the ${name} in the URL`,
    citedRule: '§errors',
  });
}
