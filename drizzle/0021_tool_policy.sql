CREATE TABLE "policy_changes" (
	"project_id" text NOT NULL,
	"version" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "policy_changes_project_id_version_pk" PRIMARY KEY("project_id","version")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "policy" jsonb DEFAULT '{"default":"allow","rules":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "policy_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "policy_changes" ADD CONSTRAINT "policy_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;