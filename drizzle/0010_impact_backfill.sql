-- Surface revisions (§impact) for the projects that exist: one per favourites version, the
-- first one being the project's creation. Their past modes were not recorded, so each takes
-- the project's mode now.
INSERT INTO "surface_revisions" ("project_id", "revision", "at", "favourites_version", "mode", "naming", "changed", "via")
SELECT c."project_id", c."version", c."changed_at", c."version", coalesce(p."surface"->>'mode', 'favindex'), coalesce(p."surface"->>'naming', 'slash'),
       CASE WHEN c."version" = 1 THEN '["created"]'::jsonb ELSE '["favourites"]'::jsonb END, c."via"
FROM "favourite_changes" c JOIN "projects" p ON p."id" = c."project_id";
--> statement-breakpoint
UPDATE "projects" p SET "surface_revision" = coalesce((SELECT max(r."revision") FROM "surface_revisions" r WHERE r."project_id" = p."id"), 0);
--> statement-breakpoint
-- Each stored event gets the revision in force at its time (the first one before it).
UPDATE "events" e SET "surface_revision" = r."revision", "mode" = r."mode"
FROM "surface_revisions" r
WHERE r."project_id" = e."project_id" AND r."revision" = coalesce(
  (SELECT x."revision" FROM "surface_revisions" x WHERE x."project_id" = e."project_id" AND x."at" <= e."ts" ORDER BY x."at" DESC, x."revision" DESC LIMIT 1),
  (SELECT x."revision" FROM "surface_revisions" x WHERE x."project_id" = e."project_id" ORDER BY x."at", x."revision" LIMIT 1));
--> statement-breakpoint
-- Invoke calls naming a server or tool the catalog lacks: judged against the catalog as it is
-- now, the only one known for stored events.
UPDATE "events" e SET "off_catalog" = true
WHERE e."namespace" = 'invoke' AND e."tool_hint" IS NOT NULL AND (
  e."kind" = 'unresolved'
  OR (e."kind" = 'tool' AND NOT EXISTS (
    SELECT 1 FROM "catalog_servers" s JOIN "catalog_versions" v ON v."project_id" = s."project_id" AND v."server" = s."name" AND v."version" = s."version"
    WHERE s."project_id" = e."project_id" AND s."name" = split_part(e."tool", '/', 1)
      AND v."tools" @> jsonb_build_array(jsonb_build_object('name', substr(e."tool", length(split_part(e."tool", '/', 1)) + 2))))));
--> statement-breakpoint
-- The rollups, as db/queries/impact/recount.ts computes them, for every project.
INSERT INTO "usage_sessions" ("project_id", "revision", "mode", "model", "client", "session_id", "first_at", "last_at", "first_failed",
                              "first_success_at", "before_success", "calls", "errors", "favourite_calls", "meta_calls", "off_catalog_calls")
SELECT project_id, revision, mode, model, client, session_id, min(ts), max(ts),
       bool_or(status <> 'ok') FILTER (WHERE ts = first_at),
       min(ts) FILTER (WHERE kind = 'tool' AND status = 'ok'),
       coalesce(array_agg(ts ORDER BY ts) FILTER (WHERE first_success_at IS NULL OR ts < first_success_at), '{}'),
       count(*)::int, (count(*) FILTER (WHERE status <> 'ok'))::int, (count(*) FILTER (WHERE namespace = 'favourite'))::int,
       (count(*) FILTER (WHERE kind = 'meta'))::int, (count(*) FILTER (WHERE off_catalog))::int
FROM (
  SELECT project_id, surface_revision AS revision, mode, coalesce(model, '') AS model, coalesce(client, '') AS client, session_id,
         ts, status, kind, namespace, off_catalog,
         min(ts) OVER w AS first_at,
         min(ts) FILTER (WHERE kind = 'tool' AND status = 'ok') OVER w AS first_success_at
  FROM "events"
  WHERE session_id IS NOT NULL AND surface_revision IS NOT NULL
  WINDOW w AS (PARTITION BY project_id, surface_revision, mode, coalesce(model, ''), coalesce(client, ''), session_id)
) e
GROUP BY project_id, revision, mode, model, client, session_id;
--> statement-breakpoint
INSERT INTO "usage_daily_segments" ("project_id", "day", "revision", "mode", "model", "client", "calls", "errors", "favourite_calls",
                                    "meta_calls", "unresolved_calls", "off_catalog_calls", "sessions")
SELECT project_id, day, revision, mode, model, client, sum(calls)::int, sum(errors)::int, sum(favourite_calls)::int,
       sum(meta_calls)::int, sum(unresolved_calls)::int, sum(off_catalog_calls)::int, sum(sessions)::int
FROM (
  SELECT project_id, (ts AT TIME ZONE 'UTC')::date AS day, surface_revision AS revision, mode,
         coalesce(model, '') AS model, coalesce(client, '') AS client,
         count(*) AS calls, count(*) FILTER (WHERE status <> 'ok') AS errors,
         count(*) FILTER (WHERE namespace = 'favourite') AS favourite_calls, count(*) FILTER (WHERE kind = 'meta') AS meta_calls,
         count(*) FILTER (WHERE kind = 'unresolved') AS unresolved_calls, count(*) FILTER (WHERE off_catalog) AS off_catalog_calls,
         0 AS sessions
  FROM "events" WHERE surface_revision IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT project_id, (first_at AT TIME ZONE 'UTC')::date, revision, mode, model, client, 0, 0, 0, 0, 0, 0, count(*)
  FROM "usage_sessions"
  GROUP BY 1, 2, 3, 4, 5, 6
) u
GROUP BY project_id, day, revision, mode, model, client;
