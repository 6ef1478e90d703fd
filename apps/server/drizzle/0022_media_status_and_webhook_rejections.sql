CREATE TABLE "webhook_rejections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_rejections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"connection_id" integer,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"raw" jsonb,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_error" text;--> statement-breakpoint
ALTER TABLE "webhook_rejections" ADD CONSTRAINT "webhook_rejections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_rejections" ADD CONSTRAINT "webhook_rejections_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_rejections_digest_key" ON "webhook_rejections" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "webhook_rejections_created_idx" ON "webhook_rejections" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_rejections_company_idx" ON "webhook_rejections" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_rejections_connection_idx" ON "webhook_rejections" USING btree ("connection_id") WHERE "webhook_rejections"."connection_id" is not null;