CREATE TABLE "bakeoff_runs" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"setup" jsonb NOT NULL,
	"transcripts" text NOT NULL,
	"transcript_count" integer NOT NULL,
	"verdict" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bakeoff_runs_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "bakeoff_tasks" (
	"project_id" text PRIMARY KEY NOT NULL,
	"tasks" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bakeoff_runs" ADD CONSTRAINT "bakeoff_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bakeoff_tasks" ADD CONSTRAINT "bakeoff_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;