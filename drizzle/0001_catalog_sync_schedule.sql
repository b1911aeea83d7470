ALTER TABLE "catalog_servers" ADD COLUMN "last_sync_ok_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_servers" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_servers" ADD COLUMN "sync_listener_id" text;--> statement-breakpoint
ALTER TABLE "catalog_servers" ADD COLUMN "sync_listener_until" timestamp with time zone;