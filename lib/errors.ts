import type { DetailedErrorCode, ErrorDetails } from '@/lib/contracts/error-details';
import type { ErrorEnvelope } from '@/lib/contracts/errors';
import { ERROR_STATUS, type ErrorCode, type SpecRule } from '@/lib/error-codes';

export { ERROR_STATUS, type ErrorCode, SPEC_RULES, type SpecRule } from '@/lib/error-codes';

/*
 * The codes and rules live in error-codes.ts, below both this file and the envelope's schema
 * (lib/contracts/errors.ts), which this file's ErrorEnvelope type comes from.
 */

const RETRYABLE: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'INTERNAL_ERROR', 'UPSTREAM_UNAVAILABLE', 'DATABASE_UNAVAILABLE', 'NOT_READY']);

/** What `details` a code carries: its declared shape (lib/contracts/error-details.ts), or none. */
export type DetailsOf<C extends ErrorCode> = C extends DetailedErrorCode ? ErrorDetails<C> : never;

/** A refusal: its code decides the status, and the shape its details must have (checked where it is thrown). */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly suggestedAction: string;
  readonly citedRule: SpecRule;
  readonly details?: DetailsOf<C>;
  readonly headers?: Record<string, string>;

  constructor(code: C, message: string, opts: { suggestedAction: string; citedRule: SpecRule; details?: DetailsOf<C>; headers?: Record<string, string> }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.suggestedAction = opts.suggestedAction;
    this.citedRule = opts.citedRule;
    this.details = opts.details;
    this.headers = opts.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toEnvelope(): ErrorEnvelope {
    return {
      error_code: this.code,
      message: this.message,
      retryable: RETRYABLE.has(this.code),
      suggested_action: this.suggestedAction,
      cited_rule: this.citedRule,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export function projectNotFound(id: string): ApiError {
  return new ApiError('PROJECT_NOT_FOUND', `project '${id}' does not exist`, {
    suggestedAction: 'check the project id, or create it with POST /api/projects',
    citedRule: '§errors',
  });
}

export const INTERNAL_ERROR_ENVELOPE: ErrorEnvelope = {
  error_code: 'INTERNAL_ERROR',
  message: 'the server failed to handle this request',
  retryable: true,
  suggested_action: 'retry later; if it persists, check the server logs',
  cited_rule: '§errors',
};
