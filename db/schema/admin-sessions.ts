import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Admin login sessions (§auth). The cookie is signed, but a signature cannot be taken back:
 * this row is what logout deletes, and every request checks it, in every process.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    /** SHA-256 of the cookie's nonce: the table alone does not let anyone forge a cookie. */
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_sessions_expires_idx').on(t.expiresAt)],
);
