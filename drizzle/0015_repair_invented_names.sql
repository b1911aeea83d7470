-- Issue 19: a call whose event named a server favindex had no catalog for (or a tool its
-- server did not list) was stored as `<server>/<name>`, a tool no catalog lists, and counted as
-- attributed. Such calls become unresolved again, with their raw name and hints kept, and every
-- rollup moves with them; the projects are listed in reresolve_pending, and the app resolves
-- their calls again at its next start (server/names/reresolve-pending.ts), when the catalog may
-- have arrived. "Lists" is as §names says: the server's version in force or an earlier stored one.
-- The rollups are corrected by subtraction, so days whose raw events are past retention keep
-- the rest of their counts.
CREATE TEMP TABLE "repaired_calls" AS
WITH "stored_tools" AS (
  SELECT DISTINCT "project_id", "tool", split_part("tool", '/', 1) AS "server", substr("tool", length(split_part("tool", '/', 1)) + 2) AS "tool_part"
  FROM "usage_daily" WHERE "kind" = 'tool'
), "invented" AS (
  SELECT t.* FROM "stored_tools" t
  WHERE NOT EXISTS (
    SELECT 1 FROM "catalog_versions" v
    WHERE v."project_id" = t."project_id" AND v."server" = t."server" AND v."tools" @> jsonb_build_array(jsonb_build_object('name', t."tool_part")))
)
SELECT e."project_id", e."event_id", e."ts", (e."ts" AT TIME ZONE 'UTC')::date AS "day", e."tool" AS "old_tool", i."server", i."tool_part",
       e."raw_name", e."namespace", e."status", e."session_id", e."surface_revision" AS "revision", e."mode",
       coalesce(e."model", '') AS "model", coalesce(e."client", '') AS "client"
FROM "events" e JOIN "invented" i ON i."project_id" = e."project_id" AND i."tool" = e."tool"
WHERE e."kind" = 'tool';
--> statement-breakpoint
UPDATE "events" e SET "kind" = 'unresolved', "tool" = e."raw_name",
  "unresolved_reason" = CASE
    WHEN EXISTS (SELECT 1 FROM "catalog_servers" s WHERE s."project_id" = r."project_id" AND s."name" = r."server")
      THEN '''' || r."server" || ''' does not list ''' || r."tool_part" || ''': no stored catalog version of it has that tool (counted as ' || r."old_tool" || ' by mistake)'
    ELSE 'unknown server ''' || r."server" || ''': it is not in the project''s catalog yet (its catalog has not been uploaded; counted as ' || r."old_tool" || ' by mistake)'
  END
FROM "repaired_calls" r
WHERE e."project_id" = r."project_id" AND e."event_id" = r."event_id";
--> statement-breakpoint
-- usage_daily: out of the made-up tool's rows, into the raw name's unresolved rows.
UPDATE "usage_daily" u SET "calls" = u."calls" - d."calls", "errors" = u."errors" - d."errors"
FROM (SELECT "project_id", "day", "old_tool", "namespace", count(*)::int AS "calls", (count(*) FILTER (WHERE "status" <> 'ok'))::int AS "errors"
      FROM "repaired_calls" GROUP BY 1, 2, 3, 4) d
WHERE u."project_id" = d."project_id" AND u."day" = d."day" AND u."kind" = 'tool' AND u."tool" = d."old_tool" AND u."namespace" = d."namespace";
--> statement-breakpoint
DELETE FROM "usage_daily" u USING (SELECT DISTINCT "project_id", "day", "old_tool" FROM "repaired_calls") d
WHERE u."project_id" = d."project_id" AND u."day" = d."day" AND u."kind" = 'tool' AND u."tool" = d."old_tool" AND u."calls" <= 0;
--> statement-breakpoint
INSERT INTO "usage_daily" ("project_id", "day", "kind", "tool", "namespace", "calls", "errors", "last_used", "last_ok_used")
SELECT "project_id", "day", 'unresolved', "raw_name", "namespace", count(*)::int, (count(*) FILTER (WHERE "status" <> 'ok'))::int,
       max("ts"), max("ts") FILTER (WHERE "status" = 'ok')
FROM "repaired_calls" GROUP BY "project_id", "day", "raw_name", "namespace"
ON CONFLICT ("project_id", "day", "kind", "tool", "namespace") DO UPDATE SET
  "calls" = "usage_daily"."calls" + excluded."calls",
  "errors" = "usage_daily"."errors" + excluded."errors",
  "last_used" = greatest("usage_daily"."last_used", excluded."last_used"),
  "last_ok_used" = greatest("usage_daily"."last_ok_used", excluded."last_ok_used");
--> statement-breakpoint
UPDATE "usage_daily_namespaces" n SET "calls" = n."calls" - d."calls", "errors" = n."errors" - d."errors"
FROM (SELECT "project_id", "day", "namespace", count(*)::int AS "calls", (count(*) FILTER (WHERE "status" <> 'ok'))::int AS "errors"
      FROM "repaired_calls" GROUP BY 1, 2, 3) d
WHERE n."project_id" = d."project_id" AND n."day" = d."day" AND n."kind" = 'tool' AND n."namespace" = d."namespace";
--> statement-breakpoint
DELETE FROM "usage_daily_namespaces" n USING (SELECT DISTINCT "project_id", "day", "namespace" FROM "repaired_calls") d
WHERE n."project_id" = d."project_id" AND n."day" = d."day" AND n."kind" = 'tool' AND n."namespace" = d."namespace" AND n."calls" <= 0;
--> statement-breakpoint
INSERT INTO "usage_daily_namespaces" ("project_id", "day", "kind", "namespace", "calls", "errors")
SELECT "project_id", "day", 'unresolved', "namespace", count(*)::int, (count(*) FILTER (WHERE "status" <> 'ok'))::int
FROM "repaired_calls" GROUP BY "project_id", "day", "namespace"
ON CONFLICT ("project_id", "day", "kind", "namespace") DO UPDATE SET
  "calls" = "usage_daily_namespaces"."calls" + excluded."calls",
  "errors" = "usage_daily_namespaces"."errors" + excluded."errors";
--> statement-breakpoint
-- The per-tool rows: every stored call of a made-up tool is repaired, so its sessions go with them.
DELETE FROM "usage_tool_sessions" s USING (SELECT DISTINCT "project_id", "day", "old_tool", "session_id" FROM "repaired_calls" WHERE "session_id" IS NOT NULL) d
WHERE s."project_id" = d."project_id" AND s."day" = d."day" AND s."tool" = d."old_tool" AND s."session_id" = d."session_id";
--> statement-breakpoint
UPDATE "usage_daily_tools" t SET "calls" = t."calls" - d."calls", "errors" = t."errors" - d."errors",
  "sessions" = (SELECT count(*)::int FROM "usage_tool_sessions" s WHERE s."project_id" = t."project_id" AND s."day" = t."day" AND s."tool" = t."tool"),
  "sessions_ok" = (SELECT (count(*) FILTER (WHERE s."ok"))::int FROM "usage_tool_sessions" s WHERE s."project_id" = t."project_id" AND s."day" = t."day" AND s."tool" = t."tool")
FROM (SELECT "project_id", "day", "old_tool", count(*)::int AS "calls", (count(*) FILTER (WHERE "status" <> 'ok'))::int AS "errors"
      FROM "repaired_calls" GROUP BY 1, 2, 3) d
WHERE t."project_id" = d."project_id" AND t."day" = d."day" AND t."tool" = d."old_tool";
--> statement-breakpoint
DELETE FROM "usage_daily_tools" t USING (SELECT DISTINCT "project_id", "day", "old_tool" FROM "repaired_calls") d
WHERE t."project_id" = d."project_id" AND t."day" = d."day" AND t."tool" = d."old_tool" AND t."calls" <= 0;
--> statement-breakpoint
-- Impact (schema/impact.ts): the calls are unresolved now; a session whose first success was one
-- of them has its first success later, or none, and the calls before it grow by those in between.
UPDATE "usage_daily_segments" g SET "unresolved_calls" = g."unresolved_calls" + d."n"
FROM (SELECT "project_id", "day", "revision", "mode", "model", "client", count(*)::int AS "n"
      FROM "repaired_calls" WHERE "revision" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6) d
WHERE g."project_id" = d."project_id" AND g."day" = d."day" AND g."revision" = d."revision" AND g."mode" = d."mode"
  AND g."model" = d."model" AND g."client" = d."client";
--> statement-breakpoint
UPDATE "usage_sessions" s SET "first_success_at" = x."new_first", "before_success" = s."before_success" || x."more"
FROM (
  SELECT a.*, array(
    SELECT e."ts" FROM "events" e
    WHERE e."project_id" = a."project_id" AND e."session_id" = a."session_id" AND e."surface_revision" = a."revision" AND e."mode" = a."mode"
      AND coalesce(e."model", '') = a."model" AND coalesce(e."client", '') = a."client"
      AND e."ts" >= a."old_first" AND (a."new_first" IS NULL OR e."ts" < a."new_first") AND (e."kind" <> 'tool' OR e."status" <> 'ok')
    ORDER BY e."ts") AS "more"
  FROM (
    SELECT DISTINCT s."project_id", s."revision", s."mode", s."model", s."client", s."session_id", s."first_success_at" AS "old_first",
      (SELECT min(e."ts") FROM "events" e
       WHERE e."project_id" = s."project_id" AND e."session_id" = s."session_id" AND e."surface_revision" = s."revision" AND e."mode" = s."mode"
         AND coalesce(e."model", '') = s."model" AND coalesce(e."client", '') = s."client" AND e."kind" = 'tool' AND e."status" = 'ok') AS "new_first"
    FROM "usage_sessions" s JOIN "repaired_calls" r
      ON r."project_id" = s."project_id" AND r."session_id" = s."session_id" AND r."revision" = s."revision" AND r."mode" = s."mode"
     AND r."model" = s."model" AND r."client" = s."client" AND r."ts" = s."first_success_at" AND r."status" = 'ok'
  ) a
) x
WHERE s."project_id" = x."project_id" AND s."revision" = x."revision" AND s."mode" = x."mode" AND s."model" = x."model"
  AND s."client" = x."client" AND s."session_id" = x."session_id";
--> statement-breakpoint
INSERT INTO "reresolve_pending" ("project_id") SELECT DISTINCT "project_id" FROM "repaired_calls" ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "repaired_calls";
