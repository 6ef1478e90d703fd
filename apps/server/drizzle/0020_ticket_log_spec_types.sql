-- Ticket history uses the spec's names (000 §3) for what an agent did.
UPDATE "ticket_logs" SET "type" = 'open' WHERE "type" = 'accept';--> statement-breakpoint
UPDATE "ticket_logs" SET "type" = 'transfered' WHERE "type" = 'transfer';
