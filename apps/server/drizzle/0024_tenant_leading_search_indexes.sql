-- btree_gin lets the company lead a GIN index: each search reads its own company's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "contacts_company_name_trgm_idx" ON "contacts" USING gin ("company_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_company_number_trgm_idx" ON "contacts" USING gin ("company_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_company_email_trgm_idx" ON "contacts" USING gin ("company_id","email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_company_body_search_idx" ON "messages" USING gin ("company_id",to_tsvector('portuguese'::regconfig, translate(lower("body"), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at");--> statement-breakpoint
DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_number_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_email_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_body_search_idx";