import { format } from 'node:util';

/**
 * The server's one logger: one line per event, on stdout (info) or stderr (warnings and
 * errors). FAVINDEX_LOG_FORMAT=json makes each line a JSON object for log shippers
 * (`{"time","level","msg",…fields}`); otherwise `[favindex] msg key=value …`. Nothing that looks
 * like a secret reaches a line: fields named like one are dropped to `[redacted]`, and project
 * tokens, bearer credentials, session cookies and URL passwords are cut out of every text.
 */
export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type LogFormat = 'text' | 'json';

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  /** `fields.err`, when an Error, is written with its stack (on the one line). */
  error(msg: string, fields?: LogFields): void;
}

export interface LogSink {
  out(line: string): void;
  err(line: string): void;
}

const PROCESS_SINK: LogSink = {
  out: (line) => process.stdout.write(line),
  err: (line) => process.stderr.write(line),
};

/** A field whose name says it holds a credential is never written, whatever it holds. */
const SECRET_FIELD = /authorization|cookie|password|secret|token|credential/i;

const SECRET_TEXT: [RegExp, string][] = [
  // A project token (lib/auth/token-secret.ts), wherever it appears.
  [/\bfvx_[A-Za-z0-9_-]+/g, 'fvx_[redacted]'],
  // An Authorization header's credentials.
  [/\b(Bearer|Basic)\s+[^\s",;]+/gi, '$1 [redacted]'],
  // A session cookie, or a token or password in a query string or a cookie header.
  [/\b([A-Za-z0-9_-]*(?:session|token|password|secret)[A-Za-z0-9_-]*=)[^;&\s"]+/gi, '$1[redacted]'],
  // The password of a URL such as DATABASE_URL.
  [/\b([a-z][a-z0-9+.-]*:\/\/[^:/\s@]*:)[^@\s/]+@/gi, '$1[redacted]@'],
];

/** The text with everything that looks like a secret cut out. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

export function logFormatFromEnv(env: NodeJS.ProcessEnv = process.env): LogFormat {
  return env.FAVINDEX_LOG_FORMAT === 'json' ? 'json' : 'text';
}

export function createLogger(formatName: LogFormat = logFormatFromEnv(), sink: LogSink = PROCESS_SINK): Logger {
  const write = (level: LogLevel, msg: string, fields: LogFields | undefined) => {
    const line = formatName === 'json' ? jsonLine(level, msg, fields) : textLine(msg, fields);
    if (level === 'info') sink.out(line);
    else sink.err(line);
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}

/** The process's logger, in the format the environment asks for. */
export const log: Logger = createLogger();

/** For the code that takes a `(message) => void` (the workers, the warm-up): info lines of `logger`. */
export function infoLines(logger: Logger = log): (message: string) => void {
  return (message) => logger.info(message);
}

function cleanFields(fields: LogFields | undefined): LogFields {
  const out: LogFields = {};
  if (!fields) return out;
  for (const [key, value] of Object.entries(fields)) out[key] = SECRET_FIELD.test(key) ? '[redacted]' : cleanValue(value);
  return out;
}

function cleanValue(value: unknown): unknown {
  if (value instanceof Error) return { type: value.name, message: redactSecrets(value.message), stack: redactSecrets(value.stack ?? '') };
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cleanValue);
  return cleanFields(value as LogFields);
}

function jsonLine(level: LogLevel, msg: string, fields: LogFields | undefined): string {
  const line: LogFields = { time: new Date().toISOString(), level, msg: redactSecrets(msg) };
  // The time, level and message come first and stay theirs: a field of the same name is left out.
  for (const [key, value] of Object.entries(cleanFields(fields))) if (!(key in line)) line[key] = value;
  return `${JSON.stringify(line)}\n`;
}

function textLine(msg: string, fields: LogFields | undefined): string {
  let line = `[favindex] ${oneLine(redactSecrets(msg))}`;
  for (const [key, value] of Object.entries(cleanFields(fields))) line += ` ${key}=${textValue(value)}`;
  return `${line}\n`;
}

function textValue(value: unknown): string {
  if (typeof value === 'string' && /^[^\s"=]+$/.test(value)) return value;
  // An error as its stack (which starts with its message); anything else as JSON, on one line.
  if (value && typeof value === 'object' && 'stack' in value && typeof value.stack === 'string' && value.stack) return JSON.stringify(value.stack);
  return JSON.stringify(value) ?? String(value);
}

function oneLine(text: string): string {
  return text.includes('\n') ? text.replace(/\r?\n/g, '\\n') : text;
}

/**
 * Route console.log/info/warn/error/debug through `logger`, so what Next and the libraries
 * print is a line of the same format (and redacted) too. For the server process only.
 */
export function routeConsoleThrough(logger: Logger): void {
  const through =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      const err = args.find((a) => a instanceof Error);
      const text = format(...args.filter((a) => a !== err));
      logger[level](text || (err instanceof Error ? err.message : ''), err ? { err } : undefined);
    };
  console.log = through('info');
  console.info = through('info');
  console.debug = through('info');
  console.warn = through('warn');
  console.error = through('error');
}
