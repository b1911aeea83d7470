-- Move the session dedupe rows to one row per (day, tool, session) with an ok flag.
INSERT INTO "usage_tool_sessions" ("project_id", "day", "tool", "session_id", "ok")
SELECT "project_id", "day", "tool", "session_id", bool_or("scope" = 'ok')
FROM "usage_session_seen"
GROUP BY "project_id", "day", "tool", "session_id"
ON CONFLICT DO NOTHING;
