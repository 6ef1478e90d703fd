CREATE UNIQUE INDEX "campaigns_id_company_key" ON "campaigns" USING btree ("id","company_id");--> statement-breakpoint
ALTER TABLE "campaign_shippings" DROP CONSTRAINT "campaign_shippings_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_shippings" DROP CONSTRAINT "campaign_shippings_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_shippings" DROP CONSTRAINT "campaign_shippings_contact_list_item_id_fk";
--> statement-breakpoint
DROP INDEX "campaign_shippings_item_idx";--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_campaign_company_fk" FOREIGN KEY ("campaign_id","company_id") REFERENCES "public"."campaigns"("id","company_id") ON DELETE cascade ON UPDATE no action;
