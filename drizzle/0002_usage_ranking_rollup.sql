CREATE TABLE "usage_daily_namespaces" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"namespace" text NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	CONSTRAINT "usage_daily_namespaces_project_id_day_kind_namespace_pk" PRIMARY KEY("project_id","day","kind","namespace")
);
--> statement-breakpoint
ALTER TABLE "usage_daily_sessions" ADD COLUMN "calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily_sessions" ADD COLUMN "errors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily_sessions" ADD COLUMN "last_used" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "usage_daily_sessions" ADD COLUMN "last_ok_used" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "usage_daily_unattributed_idx" ON "usage_daily" USING btree ("project_id","kind","day") WHERE "usage_daily"."kind" <> 'tool';