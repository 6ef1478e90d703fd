CREATE TABLE "ticketz_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticketz_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"source_label" text NOT NULL,
	"source_company_id" integer NOT NULL,
	"started_by" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"step" text,
	"step_read" integer DEFAULT 0 NOT NULL,
	"step_expected" integer,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"tables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_company_id" integer,
	"error" text,
	"sealed_url" text,
	"runner" text NOT NULL,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticketz_imports" ADD CONSTRAINT "ticketz_imports_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticketz_imports_running_key" ON "ticketz_imports" USING btree ("source","source_company_id") WHERE "ticketz_imports"."status" = 'running';