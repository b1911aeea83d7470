ALTER TABLE "project_tokens" ADD COLUMN "refused_scope" text;--> statement-breakpoint
ALTER TABLE "project_tokens" ADD COLUMN "refused_at" timestamp with time zone;