/** The channel the triggers of what a surface poll reads notify (migrations 0023 and 0025). */
export const SURFACE_CHANNEL = 'favindex_surface';

/**
 * What may have changed in the database since a value was read from it: `generation` moves
 * whenever it may have, and is undefined while that cannot be known (then every read must go
 * to the database). On PGlite the EmbeddedNotifications; on PostgreSQL the SurfaceNotifications.
 */
export interface ChangeSignal {
  readonly generation: number | undefined;
  /** A statement, by its exact SQL text, that only reads: calling it moves nothing. */
  registerRead(sqlText: string): void;
}
