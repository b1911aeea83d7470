CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meta_tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"surface" jsonb NOT NULL,
	"retention_days" integer,
	"catalog_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_servers" (
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"version" integer NOT NULL,
	"sync_url" text,
	"sync_headers" jsonb,
	"sync_interval_seconds" integer,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_servers_project_id_name_pk" PRIMARY KEY("project_id","name")
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"project_id" text NOT NULL,
	"server" text NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"tools" jsonb NOT NULL,
	"added" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_versions_project_id_server_version_pk" PRIMARY KEY("project_id","server","version")
);
--> statement-breakpoint
CREATE TABLE "favourite_changes" (
	"project_id" text NOT NULL,
	"version" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "favourite_changes_project_id_version_pk" PRIMARY KEY("project_id","version")
);
--> statement-breakpoint
CREATE TABLE "favourite_indexes" (
	"project_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"max_favourites" integer DEFAULT 15 NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"raw_name" text NOT NULL,
	"namespace" text NOT NULL,
	"kind" text NOT NULL,
	"tool" text NOT NULL,
	"server_hint" text,
	"tool_hint" text,
	"unresolved_reason" text,
	"session_id" text,
	"status" text NOT NULL,
	"error_code" text,
	"duration_ms" integer,
	"model" text,
	"client" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_project_id_event_id_pk" PRIMARY KEY("project_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"tool" text NOT NULL,
	"namespace" text NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	"last_used" timestamp (3) with time zone NOT NULL,
	"last_ok_used" timestamp (3) with time zone,
	CONSTRAINT "usage_daily_project_id_day_kind_tool_namespace_pk" PRIMARY KEY("project_id","day","kind","tool","namespace")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_sessions" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"tool" text NOT NULL,
	"sessions" integer NOT NULL,
	"sessions_ok" integer NOT NULL,
	CONSTRAINT "usage_daily_sessions_project_id_day_tool_pk" PRIMARY KEY("project_id","day","tool")
);
--> statement-breakpoint
CREATE TABLE "usage_session_seen" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"tool" text NOT NULL,
	"session_id" text NOT NULL,
	"scope" text NOT NULL,
	CONSTRAINT "usage_session_seen_project_id_day_tool_session_id_scope_pk" PRIMARY KEY("project_id","day","tool","session_id","scope")
);
--> statement-breakpoint
CREATE TABLE "project_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "project_tokens_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "catalog_servers" ADD CONSTRAINT "catalog_servers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_changes" ADD CONSTRAINT "favourite_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_indexes" ADD CONSTRAINT "favourite_indexes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tokens" ADD CONSTRAINT "project_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_project_ts_idx" ON "events" USING btree ("project_id","ts");--> statement-breakpoint
CREATE INDEX "events_project_session_idx" ON "events" USING btree ("project_id","session_id","ts") WHERE "events"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "events_unresolved_idx" ON "events" USING btree ("project_id","raw_name","ts") WHERE "events"."kind" = 'unresolved';--> statement-breakpoint
CREATE INDEX "project_tokens_project_idx" ON "project_tokens" USING btree ("project_id");