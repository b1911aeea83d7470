-- Sessions stored before keep 0 checked calls and no first tool call: the measures' denominators
-- (checked calls, checked first tool calls) leave them out, so no backfill from raw events is needed.
ALTER TABLE "usage_sessions" ADD COLUMN "checked_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "well_formed_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "first_tool_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "first_tool_right" boolean;
