CREATE TABLE "reresolve_pending" (
	"project_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "canonical_hint" text;