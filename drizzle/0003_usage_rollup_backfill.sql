-- Fill the rollup projections added in 0002 from the detail rows already stored in usage_daily.
INSERT INTO "usage_daily_sessions" ("project_id", "day", "tool", "sessions", "sessions_ok", "calls", "errors", "last_used", "last_ok_used")
SELECT "project_id", "day", "tool", 0, 0, sum("calls")::int, sum("errors")::int, max("last_used"), max("last_ok_used")
FROM "usage_daily" WHERE "kind" = 'tool'
GROUP BY "project_id", "day", "tool"
ON CONFLICT ("project_id", "day", "tool") DO UPDATE SET
  "calls" = excluded."calls", "errors" = excluded."errors",
  "last_used" = excluded."last_used", "last_ok_used" = excluded."last_ok_used";
--> statement-breakpoint
INSERT INTO "usage_daily_namespaces" ("project_id", "day", "kind", "namespace", "calls", "errors")
SELECT "project_id", "day", "kind", "namespace", sum("calls")::int, sum("errors")::int
FROM "usage_daily"
GROUP BY "project_id", "day", "kind", "namespace"
ON CONFLICT DO NOTHING;
