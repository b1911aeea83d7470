-- A surface poll also reads its token (its scopes, whether it was revoked, its name for the
-- policy): a change to a token tells the listeners on 'favindex_surface' as a change of the
-- surface does (0023), so an embedded database keeps both answers in memory until either moves,
-- whatever else is written meanwhile (issue 45). Uses, and refusals, touch other columns.
CREATE TRIGGER project_tokens_surface_notify AFTER INSERT OR DELETE OR UPDATE OF name, scopes, revoked_at, hash, project_id ON project_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION favindex_notify_surface();
