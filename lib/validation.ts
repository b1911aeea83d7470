import type { z } from 'zod';
import { fieldOf } from '@/lib/records';

/** One problem of an invalid input: where (`spec.favouriteIndex.tools[2]`) and what. */
export interface IssueDetail {
  path: string;
  message: string;
}

/** A path into a document as people write it: `a.b[2].c`. */
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

/** The first problem, and how many more there are: one line for an error message. */
export function summariseIssues(details: readonly IssueDetail[]): string {
  const first = details[0];
  const head = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'invalid';
  return details.length > 1 ? `${head} (and ${details.length - 1} more)` : head;
}

/** What a missing required field says. */
export const MISSING = 'is required';

/** The issue as zod hands it to an error map: its code and that code's fields, and the input. */
type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'null',
  undefined: 'missing',
};

const UNIT: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

const FORMAT: Record<string, string> = {
  email: 'an email address',
  url: 'a URL, e.g. https://example.com/mcp',
  uuid: 'a UUID',
  datetime: 'a date and time in ISO 8601, e.g. 2026-01-31T12:00:00Z',
  date: 'a date, e.g. 2026-01-31',
  time: 'a time, e.g. 12:00:00',
  duration: 'an ISO 8601 duration',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'number';
  return typeof value;
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

function oneOf(values: readonly unknown[]): string {
  const shown = values.map(quoted);
  if (shown.length === 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

function size(origin: string, bound: number | bigint, relation: string): string {
  const unit = UNIT[origin];
  if (!unit) return `must be ${relation} ${bound}`;
  const verb = origin === 'string' ? 'be' : 'have';
  return `must ${verb} ${relation} ${bound} ${Number(bound) === 1 ? unit[0] : unit[1]}`;
}

/**
 * Zod's own wording ("Too big: expected number to be <=128") in plain words ("must be at most
 * 128"): an error map for `safeParse(value, PLAIN_ERRORS)`. A message a schema sets itself
 * outranks it, so only zod's defaults change. Undefined leaves zod's text.
 */
export function plainIssueMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return MISSING;
      const expected = KIND[issue.expected] ?? issue.expected;
      return `must be ${expected}, not ${KIND[kindOf(issue.input)] ?? kindOf(issue.input)}`;
    }
    case 'too_big': {
      if (issue.exact) return size(issue.origin, issue.maximum, 'exactly');
      return size(issue.origin, issue.maximum, issue.inclusive ? 'at most' : 'less than');
    }
    case 'too_small': {
      if (issue.exact) return size(issue.origin, issue.minimum, 'exactly');
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && issue.inclusive) return 'must not be empty';
      if (issue.origin === 'array' && Number(issue.minimum) === 1 && issue.inclusive) return 'must list at least one item';
      return size(issue.origin, issue.minimum, issue.inclusive ? 'at least' : 'more than');
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${quoted(issue.values[0])}` : `must be one of ${oneOf(issue.values)}`;
    case 'invalid_format': {
      // zod 4 types invalid_format issues as one interface; these formats carry one more field each.
      if (issue.format === 'starts_with') return `must start with '${fieldOf(issue, 'prefix')}'`;
      if (issue.format === 'ends_with') return `must end with '${fieldOf(issue, 'suffix')}'`;
      if (issue.format === 'includes') return `must contain '${fieldOf(issue, 'includes')}'`;
      const format = FORMAT[issue.format];
      return format ? `must be ${format}` : 'is not in the expected format';
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'has an unknown field' : 'has unknown fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'does not match any of the allowed forms';
    case 'invalid_key':
      return 'has a key that is not allowed';
    case 'invalid_element':
      return 'holds a value that is not allowed';
    default:
      return undefined;
  }
}

/** Parse options that word zod's default messages plainly (see plainIssueMessage). */
export const PLAIN_ERRORS = { error: plainIssueMessage } as const;
