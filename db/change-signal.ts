import { getTableName } from 'drizzle-orm';
import { favouriteIndexes } from './schema/favourites';
import { projects } from './schema/projects';
import { routerConfigs } from './schema/routers';
import { projectTokens } from './schema/tokens';

/** The channel the triggers of what a surface poll reads notify (migrations 0023, 0025 and 0029). */
export const SURFACE_CHANNEL = 'favindex_surface';

/**
 * The tables a surface poll's answer is read from, and so the tables whose triggers notify
 * SURFACE_CHANNEL (a test holds the migrations to the same list): a project's versions row
 * (catalog version, surface revision and settings, policy; every catalog change moves its
 * version in the same transaction), its favourites, its routers, and the token a poll presents.
 * Traces, rollups and proxy reports are written elsewhere and never change a surface.
 */
export const SURFACE_TABLES: ReadonlySet<string> = new Set([projects, favouriteIndexes, routerConfigs, projectTokens].map((table) => getTableName(table)));

/**
 * What may have changed in the database since a value was read from it: `generation` moves
 * whenever it may have, and is undefined while that cannot be known (then every read must go
 * to the database). On PGlite the EmbeddedNotifications; on PostgreSQL the SurfaceNotifications.
 */
export interface ChangeSignal {
  readonly generation: number | undefined;
}
