-- pg_trgm powers client search (docs/decisions/0400-clients.md); PGlite loads it in db/client.ts, PostgreSQL ships it (trusted since PG 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."client_treatments_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "client_arrivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5) NOT NULL,
	"therapist_id" integer NOT NULL,
	"receptionist_id" integer,
	"treatment_id" integer,
	"voucher_id" integer,
	"client_membership_id" integer,
	"notes" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'arrived' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_arrivals_time_slot" CHECK ("time" ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'),
	CONSTRAINT "client_arrivals_status_check" CHECK ("client_arrivals"."status" in ('arrived', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "client_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price_paid" numeric(12, 2) NOT NULL,
	"salesperson_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_memberships_status_check" CHECK ("client_memberships"."status" in ('active', 'expired', 'cancelled')),
	CONSTRAINT "client_memberships_dates_check" CHECK ("client_memberships"."end_date" >= "client_memberships"."start_date"),
	CONSTRAINT "client_memberships_price_check" CHECK ("client_memberships"."price_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_treatments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) DEFAULT ('V-' || lpad(nextval('client_treatments_code_seq')::text, 6, '0')) NOT NULL,
	"client_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"sessions_total" integer NOT NULL,
	"sessions_used" integer DEFAULT 0 NOT NULL,
	"price_paid" numeric(12, 2) NOT NULL,
	"salesperson_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"expires_on" date,
	"client_membership_id" integer,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_treatments_sessions_check" CHECK ("client_treatments"."sessions_total" > 0 and "client_treatments"."sessions_used" >= 0 and "client_treatments"."sessions_used" <= "client_treatments"."sessions_total"),
	CONSTRAINT "client_treatments_status_check" CHECK ("client_treatments"."status" in ('active', 'cancelled')),
	CONSTRAINT "client_treatments_price_check" CHECK ("client_treatments"."price_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"phone" varchar(16),
	"email" varchar(254) DEFAULT '' NOT NULL,
	"birthdate" date,
	"gender" varchar(10),
	"address" varchar(300) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"location_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone, ''))) STORED NOT NULL,
	"sort_name" text GENERATED ALWAYS AS (lower(last_name || ', ' || first_name)) STORED NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_gender_check" CHECK ("clients"."gender" is null or "clients"."gender" in ('female', 'male', 'other'))
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"location_id" integer NOT NULL,
	"client_id" integer,
	"salesperson_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(12, 2) NOT NULL,
	"payment_method" varchar(16) NOT NULL,
	"bank_id" integer,
	"reference_no" varchar(60) DEFAULT '' NOT NULL,
	"idempotency_key" varchar(100),
	"report_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_kind_check" CHECK ("sales"."kind" in ('membership', 'voucher', 'walk_in', 'other')),
	CONSTRAINT "sales_payment_method_check" CHECK ("sales"."payment_method" in ('cash', 'card', 'e_wallet', 'bank_transfer')),
	CONSTRAINT "sales_bank_needed_check" CHECK ("sales"."payment_method" not in ('card', 'bank_transfer') or "sales"."bank_id" is not null),
	CONSTRAINT "sales_amounts_check" CHECK ("sales"."amount" >= 0 and "sales"."discount" >= 0 and "sales"."discount" <= "sales"."amount" and "sales"."net_amount" = "sales"."amount" - "sales"."discount")
);
--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_therapist_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_receptionist_fk" FOREIGN KEY ("receptionist_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_treatment_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_voucher_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."client_treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_membership_fk" FOREIGN KEY ("client_membership_id") REFERENCES "public"."client_memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_membership_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_salesperson_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_treatment_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_salesperson_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD CONSTRAINT "client_treatments_membership_fk" FOREIGN KEY ("client_membership_id") REFERENCES "public"."client_memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_salesperson_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_bank_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_arrivals_date_location_idx" ON "client_arrivals" USING btree ("date","location_id");--> statement-breakpoint
CREATE INDEX "client_arrivals_client_date_idx" ON "client_arrivals" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "client_arrivals_therapist_date_idx" ON "client_arrivals" USING btree ("therapist_id","date");--> statement-breakpoint
CREATE INDEX "client_arrivals_voucher_idx" ON "client_arrivals" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "client_memberships_client_idx" ON "client_memberships" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_memberships_location_start_idx" ON "client_memberships" USING btree ("location_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "client_treatments_code_key" ON "client_treatments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "client_treatments_client_idx" ON "client_treatments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_treatments_membership_idx" ON "client_treatments" USING btree ("client_membership_id");--> statement-breakpoint
CREATE INDEX "client_treatments_location_created_idx" ON "client_treatments" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_idx" ON "clients" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "clients_sort_name_idx" ON "clients" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "clients_location_sort_name_idx" ON "clients" USING btree ("location_id","sort_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_idempotency_key_key" ON "sales" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sales_date_idx" ON "sales" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sales_salesperson_date_idx" ON "sales" USING btree ("salesperson_id","date");--> statement-breakpoint
CREATE INDEX "sales_location_date_idx" ON "sales" USING btree ("location_id","date");