ALTER TABLE "tickets" ADD COLUMN "routed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_connection_status_idx" ON "tickets" USING btree ("connection_id","status");