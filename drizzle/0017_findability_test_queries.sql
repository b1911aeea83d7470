CREATE TABLE "findability_test_queries" (
	"project_id" text PRIMARY KEY NOT NULL,
	"queries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "findability_test_queries" ADD CONSTRAINT "findability_test_queries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;