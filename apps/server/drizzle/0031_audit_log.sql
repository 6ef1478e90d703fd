CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_created_idx" ON "audit_log" USING btree ("company_id","actor_user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_company_action_created_idx" ON "audit_log" USING btree ("company_id","action","created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_company_entity_created_idx" ON "audit_log" USING btree ("company_id","entity_type","created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");