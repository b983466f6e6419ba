CREATE TABLE "invoicing_profile" (
	"id" integer PRIMARY KEY NOT NULL,
	"registered_name" varchar(150) DEFAULT '' NOT NULL,
	"business_style" varchar(150) DEFAULT '' NOT NULL,
	"tin" varchar(11) DEFAULT '' NOT NULL,
	"branch_code" varchar(5) DEFAULT '00000' NOT NULL,
	"registered_address" varchar(300) DEFAULT '' NOT NULL,
	"vat_status" varchar(8) DEFAULT 'vat' NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '12.00' NOT NULL,
	"supplier_name" varchar(150) DEFAULT '' NOT NULL,
	"supplier_address" varchar(300) DEFAULT '' NOT NULL,
	"supplier_tin" varchar(11) DEFAULT '' NOT NULL,
	"accreditation_no" varchar(60) DEFAULT '' NOT NULL,
	"accreditation_date_issued" date,
	"accreditation_valid_until" date,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoicing_profile_single_row" CHECK (id = 1),
	CONSTRAINT "invoicing_profile_vat_status" CHECK (vat_status in ('vat', 'non_vat')),
	CONSTRAINT "invoicing_profile_vat_rate" CHECK (vat_rate >= 0 and vat_rate <= 100)
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"min" varchar(30) DEFAULT '' NOT NULL,
	"serial_number" varchar(60) DEFAULT '' NOT NULL,
	"permit_number" varchar(60) DEFAULT '' NOT NULL,
	"permit_date" date,
	"invoice_prefix" varchar(10) DEFAULT '' NOT NULL,
	"next_invoice_number" bigint DEFAULT 1 NOT NULL,
	"credit_memo_prefix" varchar(10) DEFAULT '' NOT NULL,
	"next_credit_memo_number" bigint DEFAULT 1 NOT NULL,
	"acknowledgement_prefix" varchar(10) DEFAULT '' NOT NULL,
	"next_acknowledgement_number" bigint DEFAULT 1 NOT NULL,
	"grand_total" numeric(18, 2) DEFAULT '0.00' NOT NULL,
	"z_counter" integer DEFAULT 0 NOT NULL,
	"reset_counter" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_next_numbers_positive" CHECK (next_invoice_number > 0 and next_credit_memo_number > 0 and next_acknowledgement_number > 0),
	CONSTRAINT "terminals_never_reset" CHECK (reset_counter = 0)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "branch_code" varchar(5) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "registered_address" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoicing_profile" ADD CONSTRAINT "invoicing_profile_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_profile" ADD CONSTRAINT "invoicing_profile_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_location_name_idx" ON "terminals" USING btree ("location_id",lower("name"));