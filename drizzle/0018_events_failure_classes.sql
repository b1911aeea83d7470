ALTER TABLE "events" ADD COLUMN "failure_classes" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "argument_problems" jsonb;--> statement-breakpoint
-- Projects made before surface.argumentChecks existed get its default, observe (§arguments), as
-- a config saved now would: every reader of the stored surface then finds it.
UPDATE "projects" SET "surface" = "surface" || '{"argumentChecks": "observe"}'::jsonb WHERE NOT ("surface" ? 'argumentChecks');
