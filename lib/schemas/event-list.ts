import { z } from 'zod';

export const eventCursorSchema = z.string().transform((value, ctx) => {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown };
    if (typeof parsed.t === 'string' && typeof parsed.i === 'string' && !Number.isNaN(Date.parse(parsed.t))) {
      return { timestamp: parsed.t, id: parsed.i };
    }
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
