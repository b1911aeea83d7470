import { z } from 'zod';

export const DEFAULT_SYNC_INTERVAL_SECONDS = 3_600;
export const MIN_SYNC_INTERVAL_SECONDS = 60;
export const MAX_SYNC_INTERVAL_SECONDS = 7 * 24 * 3_600;
export const MAX_SYNC_HEADERS = 32;

// RFC 9110 token characters; a value is visible ASCII, spaces and tabs (no CR/LF smuggling).
const HEADER_NAME_RE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const HEADER_VALUE_RE = /^[\t\x20-\x7e]*$/;

/** The transport sets these itself; a registered value would break the protocol. */
const RESERVED_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'transfer-encoding',
]);

const syncUrlSchema = z
  .string()
  .max(2_048, 'url is at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'url must be an absolute http:// or https:// URL of the MCP endpoint, e.g. https://mcp.example.com/mcp');

const headersSchema = z
  .record(
    z.string().regex(HEADER_NAME_RE, 'a header name is 1–128 token characters (letters, digits, -, …)'),
    z.string().max(8_192, 'a header value is at most 8192 characters').regex(HEADER_VALUE_RE, 'a header value is printable ASCII without line breaks'),
  )
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > MAX_SYNC_HEADERS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_SYNC_HEADERS} headers` });
    const seen = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      if (RESERVED_HEADERS.has(lower)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `'${name}' is set by the MCP transport and cannot be registered` });
      }
      if (seen.has(lower)) ctx.addIssue({ code: 'custom', path: [name], message: `'${name}' is given twice` });
      seen.add(lower);
    }
  });

/**
 * Register (or re-register) a server whose catalog is read live over Streamable HTTP.
 * `headers` omitted keeps the stored headers when the URL is unchanged, so an interval can be
 * changed without sending the secrets again; `{}` clears them.
 */
export const syncRegistrationSchema = z
  .object({
    url: syncUrlSchema,
    headers: headersSchema.optional(),
    intervalSeconds: z
      .number()
      .int('intervalSeconds is a whole number of seconds')
      .min(MIN_SYNC_INTERVAL_SECONDS, `intervalSeconds is at least ${MIN_SYNC_INTERVAL_SECONDS}`)
      .max(MAX_SYNC_INTERVAL_SECONDS, `intervalSeconds is at most ${MAX_SYNC_INTERVAL_SECONDS} (7 days)`)
      .nullable()
      .default(DEFAULT_SYNC_INTERVAL_SECONDS),
  })
  .strict();
export type SyncRegistration = z.infer<typeof syncRegistrationSchema>;

const MASK = '••••••';
const AUTH_SCHEMES = new Set(['basic', 'bearer', 'token', 'bot']);

/**
 * Header values are secrets: they leave the server only masked. An Authorization value keeps
 * its scheme ("Bearer ••••••") so people can tell which credential is set.
 */
export function maskHeaders(headers: Record<string, string> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const [scheme = ''] = value.split(' ');
    out[name] =
      name.toLowerCase() === 'authorization' && AUTH_SCHEMES.has(scheme.toLowerCase()) && value.length > scheme.length + 1 ? `${scheme} ${MASK}` : MASK;
  }
  return out;
}

/** A URL as shown to people and logs: a password in it is masked. */
export function displayUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return raw;
  }
}
