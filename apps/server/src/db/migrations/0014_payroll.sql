CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" varchar(12) NOT NULL,
	"applies_to" varchar(16) DEFAULT 'service' NOT NULL,
	"treatment_id" integer,
	"treatment_category_id" integer,
	"membership_id" integer,
	"membership_category_id" integer,
	"kind" varchar(8) NOT NULL,
	"basis" varchar(12) DEFAULT 'paid_price' NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"location_id" integer,
	"effective_from" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_role_check" CHECK ("commission_rules"."role" in ('therapist', 'salesperson')),
	CONSTRAINT "commission_rules_applies_to_check" CHECK ("commission_rules"."applies_to" in ('service', 'requested_bonus')),
	CONSTRAINT "commission_rules_kind_check" CHECK ("commission_rules"."kind" in ('percent', 'fixed')),
	CONSTRAINT "commission_rules_basis_check" CHECK ("commission_rules"."basis" in ('list_price', 'paid_price')),
	CONSTRAINT "commission_rules_value_check" CHECK ("commission_rules"."value" >= 0 and ("commission_rules"."kind" = 'fixed' or "commission_rules"."value" <= 100)),
	CONSTRAINT "commission_rules_one_target_check" CHECK (num_nonnulls("commission_rules"."treatment_id", "commission_rules"."treatment_category_id", "commission_rules"."membership_id", "commission_rules"."membership_category_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "pay_run_employees" (
	"run_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_name" varchar(201) NOT NULL,
	"employee_code" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"user_id" integer,
	"arrivals_total" numeric(14, 2) NOT NULL,
	"sales_total" numeric(14, 2) NOT NULL,
	"service_charge_total" numeric(14, 2) NOT NULL,
	"adjustments_total" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"line_count" integer NOT NULL,
	CONSTRAINT "pay_run_employees_pkey" PRIMARY KEY("run_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "pay_run_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_name" varchar(201) NOT NULL,
	"employee_code" varchar(20) NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_id" integer,
	"adjusted_source" varchar(8),
	"client_id" integer,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"base_amount" numeric(12, 2),
	"rule_id" integer,
	"rule_label" text DEFAULT '' NOT NULL,
	"split" smallint DEFAULT 1 NOT NULL,
	"requested" boolean DEFAULT false NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"adjusts_line_id" integer,
	CONSTRAINT "pay_run_lines_source_check" CHECK ("pay_run_lines"."source" in ('arrival', 'sale', 'service_charge', 'adjustment')),
	CONSTRAINT "pay_run_lines_adjustment_check" CHECK (("pay_run_lines"."source" = 'adjustment') = ("pay_run_lines"."adjusts_line_id" is not null and "pay_run_lines"."adjusted_source" in ('arrival', 'sale')))
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"cutoff" smallint NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"service_charge_pool" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"employee_count" integer DEFAULT 0 NOT NULL,
	"return_reason" text DEFAULT '' NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_by" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_runs_status_check" CHECK ("pay_runs"."status" in ('draft', 'submitted', 'approved', 'returned')),
	CONSTRAINT "pay_runs_cutoff_check" CHECK ("pay_runs"."cutoff" in (1, 2) and "pay_runs"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD COLUMN "second_therapist_id" integer;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD COLUMN "requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "service_charge" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_treatment_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_treatment_category_fk" FOREIGN KEY ("treatment_category_id") REFERENCES "public"."treatment_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_membership_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_membership_category_fk" FOREIGN KEY ("membership_category_id") REFERENCES "public"."membership_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_employees" ADD CONSTRAINT "pay_run_employees_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_employee_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_rule_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."commission_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_adjusts_fk" FOREIGN KEY ("adjusts_line_id") REFERENCES "public"."pay_run_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_computed_by_users_id_fk" FOREIGN KEY ("computed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_target_day_key" ON "commission_rules" USING btree ("role","applies_to",coalesce("treatment_id", 0),coalesce("treatment_category_id", 0),coalesce("membership_id", 0),coalesce("membership_category_id", 0),coalesce("location_id", 0),"effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_lines_source_once_key" ON "pay_run_lines" USING btree ("location_id","source","source_id","employee_id","requested") WHERE "pay_run_lines"."source" in ('arrival', 'sale');--> statement-breakpoint
CREATE INDEX "pay_run_lines_run_employee_idx" ON "pay_run_lines" USING btree ("run_id","employee_id");--> statement-breakpoint
CREATE INDEX "pay_run_lines_adjusts_idx" ON "pay_run_lines" USING btree ("adjusts_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_runs_location_period_key" ON "pay_runs" USING btree ("location_id","year","month","cutoff");--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_second_therapist_fk" FOREIGN KEY ("second_therapist_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_arrivals_second_therapist_date_idx" ON "client_arrivals" USING btree ("second_therapist_id","date") WHERE "client_arrivals"."second_therapist_id" is not null;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_tandem_check" CHECK ("client_arrivals"."second_therapist_id" is null or "client_arrivals"."second_therapist_id" <> "client_arrivals"."therapist_id");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_service_charge_check" CHECK ("sales"."service_charge" >= 0);