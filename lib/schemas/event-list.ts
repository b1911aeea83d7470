import { z } from 'zod';
import { fieldOf } from '@/lib/records';

/**
 * An instant exactly as an event's timestamp is written (toISOString, years 0001 to 9999): a
 * cursor goes into a timestamp comparison, and the databases refuse what lies outside.
 */
function isStoredInstant(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) || value.startsWith('0000')) return false;
  const at = new Date(value);
  return !Number.isNaN(at.getTime()) && at.toISOString() === value;
}

export const eventCursorSchema = z.string().transform((value, ctx) => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const t = fieldOf(parsed, 't');
    const i = fieldOf(parsed, 'i');
    if (typeof t === 'string' && typeof i === 'string' && isStoredInstant(t)) return { timestamp: t, id: i };
  } catch {
    // fall through to the issue below
  }
  ctx.addIssue({ code: 'custom', message: 'not a cursor from an earlier page' });
  return z.NEVER;
});

export function encodeEventCursor(event: { timestamp: string; id: string }): string {
  return Buffer.from(JSON.stringify({ t: event.timestamp, i: event.id })).toString('base64url');
}

export const eventListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: eventCursorSchema.optional(),
  kind: z.enum(['tool', 'meta', 'unresolved']).optional(),
  sessionId: z.string().min(1).max(256).optional(),
});
