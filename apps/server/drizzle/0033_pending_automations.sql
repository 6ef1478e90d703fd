CREATE TABLE "pending_automations" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created" boolean NOT NULL,
	"queued_for" integer,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pending_automations" ADD CONSTRAINT "pending_automations_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_automations" ADD CONSTRAINT "pending_automations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_automations_created_idx" ON "pending_automations" USING btree ("created_at");