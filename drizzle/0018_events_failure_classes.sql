ALTER TABLE "events" ADD COLUMN "failure_classes" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "argument_problems" jsonb;