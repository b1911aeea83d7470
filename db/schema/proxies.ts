import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { at, ownedByProject } from './columns';

/** The proxies that reported themselves, one row per proxy id; the last report wins. */
export const projectProxies = pgTable(
  'project_proxies',
  {
    projectId: ownedByProject(),
    id: text('id').notNull(),
    report: jsonb('report').$type<ProxyReport>().notNull(),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);
