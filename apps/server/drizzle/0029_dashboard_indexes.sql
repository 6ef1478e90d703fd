CREATE INDEX "connection_status_events_company_idx" ON "connection_status_events" USING btree ("company_id","connection_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_closed_idx" ON "ticket_cycles" USING btree ("company_id","closed_at");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_accepted_idx" ON "ticket_cycles" USING btree ("company_id","accepted_at");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_open_idx" ON "ticket_cycles" USING btree ("company_id") WHERE "ticket_cycles"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_company_contact_created_idx" ON "tickets" USING btree ("company_id","contact_id","created_at");