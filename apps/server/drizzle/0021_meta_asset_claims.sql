-- A Meta id (phone number, page, Instagram account) belongs to one connection of its channel. Rows saved
-- before may hold one twice: the oldest claim keeps it, the later ones let go of the id and are
-- disconnected (docs/decisions.md, "Meta ids belong to one connection").
UPDATE "connections" AS "later" SET "phone_number_id" = NULL, "status" = 'DISCONNECTED'
WHERE "later"."channel" = 'whatsappapi' AND EXISTS (
  SELECT 1 FROM "connections" AS "first"
  WHERE "first"."channel" = 'whatsappapi' AND "first"."phone_number_id" = "later"."phone_number_id"
    AND "first"."id" < "later"."id"
);--> statement-breakpoint
UPDATE "connections" AS "later" SET "facebook_page_user_id" = NULL, "status" = 'DISCONNECTED'
WHERE "later"."channel" = 'facebook' AND EXISTS (
  SELECT 1 FROM "connections" AS "first"
  WHERE "first"."channel" = 'facebook' AND "first"."facebook_page_user_id" = "later"."facebook_page_user_id"
    AND "first"."id" < "later"."id"
);--> statement-breakpoint
UPDATE "connections" AS "later" SET "instagram_account_id" = NULL, "status" = 'DISCONNECTED'
WHERE "later"."channel" = 'instagram' AND EXISTS (
  SELECT 1 FROM "connections" AS "first"
  WHERE "first"."channel" = 'instagram' AND "first"."instagram_account_id" = "later"."instagram_account_id"
    AND "first"."id" < "later"."id"
);--> statement-breakpoint
DROP INDEX "connections_phone_number_id_idx";--> statement-breakpoint
DROP INDEX "connections_facebook_page_idx";--> statement-breakpoint
DROP INDEX "connections_instagram_account_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "connections_phone_number_id_key" ON "connections" USING btree ("phone_number_id") WHERE "connections"."channel" = 'whatsappapi';--> statement-breakpoint
CREATE UNIQUE INDEX "connections_facebook_page_key" ON "connections" USING btree ("facebook_page_user_id") WHERE "connections"."channel" = 'facebook';--> statement-breakpoint
CREATE UNIQUE INDEX "connections_instagram_account_key" ON "connections" USING btree ("instagram_account_id") WHERE "connections"."channel" = 'instagram';