/**
 * The CLI's exit codes, for scripts (documented in the README and in `favindex --help`).
 * Each failure says which of these it is, so a script can tell "fix your call" from "retry".
 */
export const EXIT = {
  OK: 0,
  /** favindex refused the request (the §errors envelope), or something else failed. */
  API_ERROR: 1,
  /** The command line is wrong: unknown command or option, a bad value, a missing project. */
  BAD_ARGUMENTS: 2,
  /** favindex could not be reached at --url (refused, DNS, timeout), or what answered is not favindex. */
  UNREACHABLE: 3,
  /** 401 or 403: no token where one is needed, a bad or revoked token, a missing scope, another project. */
  AUTH: 4,
  /** `catalog push`: the MCP server could not be started or did not list its tools; `bakeoff --servers`: a server did not start. */
  MCP_SERVER: 5,
  /** `impact --fail-on-worse`: a measure of every session got worse after the change; `bakeoff --fail-if-worse`: the proposed presentation lost. Either way the interval is clear of 0. */
  WORSE: 6,
  /** `bakeoff`: the model endpoint (--endpoint) cannot serve the run: it refuses connections, its host does not resolve, it answers 401/403/404/405, or asks to wait too long. */
  MODEL_ENDPOINT: 7,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The §errors envelope as favindex answers it. */
export interface Envelope {
  error_code: string;
  message: string;
  retryable?: boolean;
  suggested_action?: string;
  cited_rule?: string;
  details?: unknown;
}

/** A failure the CLI reports and exits with; `envelope` when favindex answered with one. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    readonly extra: { suggestedAction?: string; status?: number; envelope?: Envelope } = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function badArguments(message: string, suggestedAction?: string): CliError {
  return new CliError(EXIT.BAD_ARGUMENTS, message, { suggestedAction: suggestedAction ?? 'see favindex --help' });
}
