import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { at, ownedByProject } from './columns';
import { projectTokens } from './tokens';

/** The proxies that reported themselves, one row per proxy id; the last report wins. */
export const projectProxies = pgTable(
  'project_proxies',
  {
    projectId: ownedByProject(),
    id: text('id').notNull(),
    report: jsonb('report').$type<ProxyReport>().notNull(),
    /**
     * The token the proxy reports under (§auth): another token's report of it is refused while
     * this one is active. Null for the admin's (local mode, or the dashboard's session) and for
     * proxies last seen before reports were bound to their token.
     */
    tokenId: text('token_id').references(() => projectTokens.id, { onDelete: 'set null' }),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);
