CREATE TABLE "router_changes" (
	"project_id" text NOT NULL,
	"version" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "router_changes_project_id_version_pk" PRIMARY KEY("project_id","version")
);
--> statement-breakpoint
CREATE TABLE "router_configs" (
	"project_id" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "router_changes" ADD CONSTRAINT "router_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "router_configs" ADD CONSTRAINT "router_configs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The routers in force are what a surface is built from (§routers), so a change to them tells
-- the listeners on 'favindex_surface' as a change to the favourites does (0023).
CREATE TRIGGER router_configs_surface_notify AFTER INSERT OR UPDATE OR DELETE ON router_configs
  FOR EACH STATEMENT EXECUTE FUNCTION favindex_notify_surface();
--> statement-breakpoint
-- Projects made before surface.toolBudget existed get its default, 30 (§routers), as a config
-- saved now would: every reader of the stored surface then finds it.
UPDATE "projects" SET "surface" = "surface" || '{"toolBudget": 30}'::jsonb WHERE NOT ("surface" ? 'toolBudget');
