-- Every change to what a project's surface is built from (its versions row: catalog version,
-- surface revision, surface settings, policy, favourites) tells the servers listening on
-- 'favindex_surface', so a server answers an unchanged poll from memory and still learns of
-- another process's write at its commit. Statement-level: one notification per statement
-- (and PostgreSQL folds equal ones of a transaction into one).
CREATE FUNCTION favindex_notify_surface() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('favindex_surface', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER projects_surface_notify AFTER INSERT OR DELETE OR UPDATE OF catalog_version, surface_revision, surface, policy ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION favindex_notify_surface();
--> statement-breakpoint
CREATE TRIGGER favourite_indexes_surface_notify AFTER INSERT OR UPDATE OR DELETE ON favourite_indexes
  FOR EACH STATEMENT EXECUTE FUNCTION favindex_notify_surface();
