CREATE TABLE "pix_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"value_cents" integer NOT NULL,
	"custom_users" integer,
	"custom_connections" integer,
	"location_id" integer NOT NULL,
	"copy_paste" text NOT NULL,
	"qr_image" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"end_to_end_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_company_invoice_idx" ON "pix_charges" USING btree ("company_id","invoice_id","expires_at");