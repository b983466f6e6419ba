CREATE TABLE "einvoice_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "einvoice_outbox_status" CHECK (status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "invoice_special_discounts" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(6) NOT NULL,
	"id_type" varchar(12) NOT NULL,
	"id_number" varchar(40) NOT NULL,
	"name" varchar(150) NOT NULL,
	"tin" varchar(20) DEFAULT '' NOT NULL,
	CONSTRAINT "invoice_special_discounts_kind" CHECK (kind in ('senior', 'pwd'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"number" bigint NOT NULL,
	"document_no" varchar(24) NOT NULL,
	"business_date" date NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"issued_by" integer NOT NULL,
	"cashier_name" varchar(150) NOT NULL,
	"client_id" integer,
	"buyer_name" varchar(150) DEFAULT '' NOT NULL,
	"sale_reference" varchar(40) DEFAULT '' NOT NULL,
	"original_id" integer,
	"gross" numeric(12, 2) NOT NULL,
	"vatable_sales" numeric(12, 2) NOT NULL,
	"vat" numeric(12, 2) NOT NULL,
	"vat_exempt_sales" numeric(12, 2) NOT NULL,
	"zero_rated_sales" numeric(12, 2) NOT NULL,
	"discount_senior" numeric(12, 2) NOT NULL,
	"discount_pwd" numeric(12, 2) NOT NULL,
	"discount_other" numeric(12, 2) NOT NULL,
	"service_charge" numeric(12, 2) NOT NULL,
	"total_due" numeric(12, 2) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"voided_at" timestamp (3) with time zone,
	"voided_by" integer,
	"void_reason" varchar(300),
	CONSTRAINT "invoices_kind" CHECK (kind in ('invoice', 'credit_memo', 'acknowledgement')),
	CONSTRAINT "invoices_number_positive" CHECK (number > 0)
);
--> statement-breakpoint
CREATE TABLE "invoicing_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"kind" varchar(1) NOT NULL,
	"z_counter" integer,
	"business_date" date NOT NULL,
	"made_at" timestamp (3) with time zone NOT NULL,
	"made_by" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "invoicing_readings_kind" CHECK (kind in ('x', 'z') and ((kind = 'z') = (z_counter is not null)))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "tax_class" varchar(12) DEFAULT 'vatable' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "senior_pwd_eligible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "tax_class" varchar(12) DEFAULT 'vatable' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "senior_pwd_eligible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "external_document_no" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoicing_profile" ADD COLUMN "invoicing" varchar(3) DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoice_outbox" ADD CONSTRAINT "einvoice_outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_special_discounts" ADD CONSTRAINT "invoice_special_discounts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_original_fk" FOREIGN KEY ("original_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_readings" ADD CONSTRAINT "invoicing_readings_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_outbox_invoice_idx" ON "einvoice_outbox" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "einvoice_outbox_status_idx" ON "einvoice_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_terminal_kind_number_idx" ON "invoices" USING btree ("terminal_id","kind","number");--> statement-breakpoint
CREATE INDEX "invoices_terminal_date_idx" ON "invoices" USING btree ("terminal_id","business_date");--> statement-breakpoint
CREATE INDEX "invoices_location_date_idx" ON "invoices" USING btree ("location_id","business_date");--> statement-breakpoint
CREATE INDEX "invoices_document_no_idx" ON "invoices" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "invoices_sale_reference_idx" ON "invoices" USING btree ("sale_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoicing_readings_z_idx" ON "invoicing_readings" USING btree ("terminal_id","z_counter");--> statement-breakpoint
CREATE INDEX "invoicing_readings_terminal_date_idx" ON "invoicing_readings" USING btree ("terminal_id","business_date");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_invoice_idx" ON "sales" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tax_class" CHECK (tax_class in ('vatable', 'vat_exempt', 'zero_rated'));--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_tax_class" CHECK (tax_class in ('vatable', 'vat_exempt', 'zero_rated'));--> statement-breakpoint
ALTER TABLE "invoicing_profile" ADD CONSTRAINT "invoicing_profile_invoicing" CHECK (invoicing in ('off', 'on'));--> statement-breakpoint
-- Documents, readings and the senior/PWD IDs are never deleted or changed (issue 33; decision 1002),
-- whoever asks, the app's own connection (the database's owner) included. The one change a document
-- takes is its void mark, set once: the void columns from null, nothing else.
CREATE FUNCTION "invoices_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL
     AND (to_jsonb(NEW) - 'voided_at' - 'voided_by' - 'void_reason')
       = (to_jsonb(OLD) - 'voided_at' - 'voided_by' - 'void_reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'An issued document is never changed or deleted: void it or issue a credit memo.';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_no_change" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoices_no_truncate" BEFORE TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoices_append_only"();--> statement-breakpoint
CREATE FUNCTION "invoicing_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Readings and the IDs on documents are append-only: a row is never changed or deleted.';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoicing_readings_no_change" BEFORE UPDATE OR DELETE ON "invoicing_readings"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoicing_readings_no_truncate" BEFORE TRUNCATE ON "invoicing_readings"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoice_special_discounts_no_change" BEFORE UPDATE OR DELETE ON "invoice_special_discounts"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoice_special_discounts_no_truncate" BEFORE TRUNCATE ON "invoice_special_discounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_records_append_only"();
