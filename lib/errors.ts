import type { ErrorEnvelope } from '@/lib/contracts/errors';

export type { ErrorEnvelope } from '@/lib/contracts/errors';

/**
 * The one error envelope of the API (§errors). Every code maps to exactly one HTTP status here;
 * handlers throw ApiError and the route wrapper turns it into the envelope.
 */
export const ERROR_STATUS = {
  MALFORMED_REQUEST: 400,
  INVALID_PARAMETER: 400,
  JSON_TOO_DEEP: 400,
  YAML_MALFORMED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  SERVER_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  REVISION_NOT_FOUND: 404,
  PROXY_NOT_FOUND: 404,
  BAKEOFF_RUN_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  PROJECT_EXISTS: 409,
  MAX_FAVOURITES_EXCEEDED: 409,
  MAX_FAVOURITES_BELOW_PINNED: 409,
  CONFLICT: 409,
  SYNC_NOT_CONFIGURED: 409,
  TOKEN_LIMIT_REACHED: 409,
  SERVER_LIMIT_REACHED: 409,
  PROXY_LIMIT_REACHED: 409,
  BAKEOFF_LIMIT_REACHED: 409,
  FAVOURITE_NOT_PINNED: 409,
  VERSION_MISMATCH: 412,
  VERSION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_EVENTS: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_TOOL_NAME: 422,
  YAML_INVALID: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_REJECTED: 502,
  UPSTREAM_INVALID: 502,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const SPEC_RULES = [
  '§names',
  '§events',
  '§usage',
  '§impact',
  '§favourites',
  '§catalog',
  '§surface',
  '§arguments',
  '§policy',
  '§bakeoff',
  '§yaml',
  '§errors',
  '§auth',
  '§storage',
] as const;
export type SpecRule = (typeof SPEC_RULES)[number];

const RETRYABLE: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'INTERNAL_ERROR', 'UPSTREAM_UNAVAILABLE', 'DATABASE_UNAVAILABLE']);

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly suggestedAction: string;
  readonly citedRule: SpecRule;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, opts: { suggestedAction: string; citedRule: SpecRule; details?: unknown; headers?: Record<string, string> }) {
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
