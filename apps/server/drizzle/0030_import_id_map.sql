CREATE TABLE "import_id_map" (
	"company_id" integer NOT NULL,
	"source_table" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" bigint NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_id_map_company_id_source_table_source_id_pk" PRIMARY KEY("company_id","source_table","source_id")
);
--> statement-breakpoint
ALTER TABLE "import_id_map" ADD CONSTRAINT "import_id_map_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_id_map_source_idx" ON "import_id_map" USING btree ("source_table","source_id");