import type { z } from 'zod';

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
