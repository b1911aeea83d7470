-- Custom SQL migration file, put your code below! ---- The table holds per-tool calls, errors and last use besides the session counts: name it so.
ALTER TABLE "usage_daily_sessions" RENAME TO "usage_daily_tools";--> statement-breakpoint
ALTER TABLE "usage_daily_tools" RENAME CONSTRAINT "usage_daily_sessions_project_id_day_tool_pk" TO "usage_daily_tools_project_id_day_tool_pk";
