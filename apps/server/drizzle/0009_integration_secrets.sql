ALTER TABLE "file_list_options" ALTER COLUMN "path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD COLUMN "media_name" text;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "webhook_secret" text DEFAULT '' NOT NULL;