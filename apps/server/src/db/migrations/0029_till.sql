CREATE TABLE "tabs" (
	"arrival_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"deposit_amount" numeric(12, 2),
	"deposit_method" varchar(16),
	"deposit_bank_id" integer,
	"deposit_reference" varchar(60) DEFAULT '' NOT NULL,
	"unpaid_reason" varchar(500) DEFAULT '' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	CONSTRAINT "tabs_status_check" CHECK ("tabs"."status" in ('open', 'paid', 'unpaid')),
	CONSTRAINT "tabs_unpaid_reason_check" CHECK (("tabs"."status" = 'unpaid') = ("tabs"."unpaid_reason" <> ''))
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"arrival_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"employee_id" integer NOT NULL,
	"client_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"payment_method" varchar(16) NOT NULL,
	"bank_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_check" CHECK ("tips"."amount" > 0),
	CONSTRAINT "tips_payment_method_check" CHECK ("tips"."payment_method" in ('cash', 'card', 'e_wallet', 'bank_transfer'))
);
--> statement-breakpoint
ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_source_check";--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_arrival_fk" FOREIGN KEY ("arrival_id") REFERENCES "public"."client_arrivals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_deposit_bank_fk" FOREIGN KEY ("deposit_bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_arrival_fk" FOREIGN KEY ("arrival_id") REFERENCES "public"."client_arrivals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_employee_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_bank_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tabs_location_status_idx" ON "tabs" USING btree ("location_id","status","date");--> statement-breakpoint
CREATE INDEX "tips_location_date_idx" ON "tips" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "tips_employee_date_idx" ON "tips" USING btree ("employee_id","date");--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_source_check" CHECK ("pay_run_lines"."source" in ('arrival', 'sale', 'service_charge', 'adjustment', 'tip'));