DROP INDEX "chat_members_user_idx";--> statement-breakpoint
DROP INDEX "chat_messages_chat_created_idx";--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "mentions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "mentions" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_members_user_chat_idx" ON "chat_members" USING btree ("user_id","chat_id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_id_idx" ON "chat_messages" USING btree ("chat_id","id");