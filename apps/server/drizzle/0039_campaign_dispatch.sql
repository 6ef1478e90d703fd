CREATE TABLE "campaign_runs" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner" text,
	"lease_expires_at" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "sending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_shippings_sendable_idx" ON "campaign_shippings" USING btree ("campaign_id","id") WHERE "campaign_shippings"."claimed_at" is null and "campaign_shippings"."delivered_at" is null and "campaign_shippings"."failed_at" is null and "campaign_shippings"."declined_at" is null and "campaign_shippings"."expired_at" is null and ("campaign_shippings"."confirmation_requested_at" is null or "campaign_shippings"."confirmation");--> statement-breakpoint
CREATE INDEX "campaign_shippings_awaiting_idx" ON "campaign_shippings" USING btree ("company_id","contact_id") WHERE "campaign_shippings"."confirmation_requested_at" is not null and "campaign_shippings"."confirmation" is null;--> statement-breakpoint
CREATE INDEX "campaign_shippings_connection_sent_idx" ON "campaign_shippings" USING btree ("connection_id","last_sent_at") WHERE "campaign_shippings"."last_sent_at" is not null;--> statement-breakpoint
CREATE INDEX "campaign_shippings_external_idx" ON "campaign_shippings" USING btree ("connection_id","external_id") WHERE "campaign_shippings"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("scheduled_at") WHERE "campaigns"."status" = 'PROGRAMADA';--> statement-breakpoint
CREATE INDEX "campaigns_running_idx" ON "campaigns" USING btree ("id") WHERE "campaigns"."status" = 'EM_ANDAMENTO';