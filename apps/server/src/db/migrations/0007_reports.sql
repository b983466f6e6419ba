CREATE TABLE "daily_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"cash_on_hand" numeric(12, 2),
	"remarks" text DEFAULT '' NOT NULL,
	"return_reason" text DEFAULT '' NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_reports_status_check" CHECK ("daily_reports"."status" in ('draft', 'submitted', 'approved', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "sales_daily_totals" (
	"date" date NOT NULL,
	"location_id" integer NOT NULL,
	"salesperson_id" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sales_daily_totals_pkey" PRIMARY KEY("date","location_id","salesperson_id")
);
--> statement-breakpoint
CREATE TABLE "sales_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"response" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reports_location_date_key" ON "daily_reports" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "daily_reports_date_idx" ON "daily_reports" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_imports_idempotency_key_key" ON "sales_imports" USING btree ("idempotency_key");--> statement-breakpoint
-- Hand-written (issue 12, decision 0500): sales_daily_totals follows sales, one grouped upsert per statement.
CREATE FUNCTION "sales_daily_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily_totals (date, location_id, salesperson_id, total, count)
  SELECT date, location_id, salesperson_id, sum(net_amount), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (date, location_id, salesperson_id)
  DO UPDATE SET total = sales_daily_totals.total + excluded.total, count = sales_daily_totals.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sales_daily_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_daily_totals t SET total = t.total - o.total, count = t.count - o.count
  FROM (SELECT date, location_id, salesperson_id, sum(net_amount) AS total, count(*) AS count FROM old_rows GROUP BY 1, 2, 3) o
  WHERE t.date = o.date AND t.location_id = o.location_id AND t.salesperson_id = o.salesperson_id;
  DELETE FROM sales_daily_totals WHERE count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sales_daily_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_daily_totals t SET total = t.total - o.total, count = t.count - o.count
  FROM (SELECT date, location_id, salesperson_id, sum(net_amount) AS total, count(*) AS count FROM old_rows GROUP BY 1, 2, 3) o
  WHERE t.date = o.date AND t.location_id = o.location_id AND t.salesperson_id = o.salesperson_id;
  INSERT INTO sales_daily_totals (date, location_id, salesperson_id, total, count)
  SELECT date, location_id, salesperson_id, sum(net_amount), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (date, location_id, salesperson_id)
  DO UPDATE SET total = sales_daily_totals.total + excluded.total, count = sales_daily_totals.count + excluded.count;
  DELETE FROM sales_daily_totals WHERE count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_daily_totals_insert" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_daily_totals_add"();--> statement-breakpoint
CREATE TRIGGER "sales_daily_totals_delete" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_daily_totals_remove"();--> statement-breakpoint
CREATE TRIGGER "sales_daily_totals_update" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_daily_totals_change"();--> statement-breakpoint
-- Bulk seeding runs in replica mode (foreign-key triggers off); these must fire anyway.
ALTER TABLE "sales" ENABLE ALWAYS TRIGGER "sales_daily_totals_insert";--> statement-breakpoint
ALTER TABLE "sales" ENABLE ALWAYS TRIGGER "sales_daily_totals_delete";--> statement-breakpoint
ALTER TABLE "sales" ENABLE ALWAYS TRIGGER "sales_daily_totals_update";--> statement-breakpoint
INSERT INTO "sales_daily_totals" (date, location_id, salesperson_id, total, count)
SELECT date, location_id, salesperson_id, sum(net_amount), count(*) FROM sales GROUP BY 1, 2, 3;
