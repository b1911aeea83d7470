import { ProtocolError } from '@modelcontextprotocol/server';
import { KiB, MiB } from '@/lib/limits';

/** `error.data.reason` of the error the proxy answers for a message over the limit. */
export const MESSAGE_TOO_LARGE = 'message_too_large';

export interface TooLargeData {
  reason: typeof MESSAGE_TOO_LARGE;
  bytes: number;
  limitBytes: number;
}

/** 12.3 MiB, 10 MiB; below a MiB (a small --max-message-mb) in KiB. */
export function mebibytes(bytes: number): string {
  const [value, unit] = bytes >= MiB ? [bytes / MiB, 'MiB'] : [bytes / KiB, 'KiB'];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

/** "<what> was 12.3 MiB; the proxy passes at most 10 MiB per message (--max-message-mb)". */
export function tooLargeText(what: string, bytes: number, limitBytes: number): string {
  return `${what} was ${mebibytes(bytes)}; the proxy passes at most ${mebibytes(limitBytes)} per message (--max-message-mb)`;
}

export function tooLargeData(bytes: number, limitBytes: number): TooLargeData {
  return { reason: MESSAGE_TOO_LARGE, bytes, limitBytes };
}

/** The sizes, when `err` is the error a reader answered for a response over the limit. */
export function messageTooLarge(err: unknown): TooLargeData | null {
  if (!(err instanceof ProtocolError)) return null;
  const data: unknown = err.data;
  if (typeof data !== 'object' || data === null || !('reason' in data) || data.reason !== MESSAGE_TOO_LARGE) return null;
  const bytes = 'bytes' in data && typeof data.bytes === 'number' ? data.bytes : 0;
  const limitBytes = 'limitBytes' in data && typeof data.limitBytes === 'number' ? data.limitBytes : 0;
  return { reason: MESSAGE_TOO_LARGE, bytes, limitBytes };
}
