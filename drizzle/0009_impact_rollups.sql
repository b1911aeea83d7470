CREATE TABLE "surface_revisions" (
	"project_id" text NOT NULL,
	"revision" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"favourites_version" integer NOT NULL,
	"mode" text NOT NULL,
	"naming" text NOT NULL,
	"changed" jsonb NOT NULL,
	"via" text NOT NULL,
	CONSTRAINT "surface_revisions_project_id_revision_pk" PRIMARY KEY("project_id","revision")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_segments" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"revision" integer NOT NULL,
	"mode" text NOT NULL,
	"model" text NOT NULL,
	"client" text NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	"favourite_calls" integer NOT NULL,
	"meta_calls" integer NOT NULL,
	"unresolved_calls" integer NOT NULL,
	"off_catalog_calls" integer NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "usage_daily_segments_pk" PRIMARY KEY("project_id","day","revision","mode","model","client")
);
--> statement-breakpoint
CREATE TABLE "usage_sessions" (
	"project_id" text NOT NULL,
	"revision" integer NOT NULL,
	"mode" text NOT NULL,
	"model" text NOT NULL,
	"client" text NOT NULL,
	"session_id" text NOT NULL,
	"first_at" timestamp (3) with time zone NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	"first_failed" boolean NOT NULL,
	"first_success_at" timestamp (3) with time zone,
	"before_success" timestamp (3) with time zone[] NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	"favourite_calls" integer NOT NULL,
	"meta_calls" integer NOT NULL,
	"off_catalog_calls" integer NOT NULL,
	CONSTRAINT "usage_sessions_pk" PRIMARY KEY("project_id","revision","mode","model","client","session_id")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "surface_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "surface_revision" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "off_catalog" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "surface_revisions" ADD CONSTRAINT "surface_revisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;