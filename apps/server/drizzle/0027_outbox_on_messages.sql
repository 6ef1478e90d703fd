DROP INDEX "messages_outbound_pending_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_state" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_lease_owner" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("ticket_id","id") WHERE "messages"."send_state" in ('pending', 'sending', 'unknown', 'retrying');--> statement-breakpoint
-- Outbound messages still waiting for their delivery job now wait on their own row.
UPDATE "messages" SET "send_state" = 'pending', "next_attempt_at" = now()
  WHERE "from_me" AND NOT "is_private" AND "ack" = 0 AND "external_id" IS NULL;--> statement-breakpoint
-- The pg-boss delivery queue, its dead letter and its sweep are gone: their jobs would wait for no worker.
DO $$ BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    DELETE FROM pgboss.job WHERE name IN ('messages.deliver', 'messages.failed', 'messages.sweep');
    DELETE FROM pgboss.schedule WHERE name = 'messages.sweep';
  END IF;
END $$;
