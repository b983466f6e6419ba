CREATE TABLE "earning_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"source_id" integer,
	"reference" varchar(40),
	"date_from" date,
	"date_to" date,
	CONSTRAINT "earning_changes_kind_check" CHECK ("earning_changes"."kind" in ('arrival', 'sale', 'voucher', 'reference', 'range', 'run', 'service_charge'))
);
--> statement-breakpoint
CREATE INDEX "earning_changes_location_idx" ON "earning_changes" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "sales_reference_idx" ON "sales" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "pay_run_lines_adjusted_source_idx" ON "pay_run_lines" USING btree ("location_id","adjusted_source","source_id") WHERE "pay_run_lines"."source" = 'adjustment';--> statement-breakpoint
CREATE INDEX "pay_run_lines_service_charge_idx" ON "pay_run_lines" USING btree ("run_id") WHERE "pay_run_lines"."source" = 'service_charge';--> statement-breakpoint
-- Hand-written (decision 0820): every change that can move an earning leaves a row in
-- earning_changes for the branch it concerns, so the adjustment pass prices only those. Statement
-- triggers with transition tables: a bulk insert of arrivals writes its changes in one statement.
-- Arrivals: a logged, moved, reassigned, retreated or cancelled visit (before and after).
CREATE FUNCTION "earning_changes_arrivals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
    SELECT n.location_id, 'arrival', n.id, n.date, n.date FROM earning_new n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
    SELECT o.location_id, 'arrival', o.id, o.date, o.date FROM earning_old o;
  ELSE
    INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
    SELECT DISTINCT x.location_id, 'arrival', x.id, x.date, x.date
    FROM earning_old o JOIN earning_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.location_id, o.id, o.date), (n.location_id, n.id, n.date)) x (location_id, id, date)
    WHERE (o.client_id, o.location_id, o.date, o.therapist_id, o.second_therapist_id, o.requested, o.treatment_id,
        o.voucher_id, o.status)
      IS DISTINCT FROM (n.client_id, n.location_id, n.date, n.therapist_id, n.second_therapist_id, n.requested,
        n.treatment_id, n.voucher_id, n.status);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Sale lines: written, edited or deleted (their reference names a walk-in's arrival, a voucher or a membership).
CREATE FUNCTION "earning_changes_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, reference, date_from, date_to)
    SELECT n.location_id, 'sale', n.id, n.reference, n.date, n.date FROM earning_new n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, reference, date_from, date_to)
    SELECT o.location_id, 'sale', o.id, o.reference, o.date, o.date FROM earning_old o;
  ELSE
    INSERT INTO earning_changes (location_id, kind, source_id, reference, date_from, date_to)
    SELECT DISTINCT x.location_id, 'sale', x.id, x.reference, x.date, x.date
    FROM earning_old o JOIN earning_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.location_id, o.id, o.reference, o.date), (n.location_id, n.id, n.reference, n.date))
      x (location_id, id, reference, date)
    WHERE (o.date, o.location_id, o.client_id, o.salesperson_id, o.kind, o.reference, o.net_amount, o.service_charge)
      IS DISTINCT FROM (n.date, n.location_id, n.client_id, n.salesperson_id, n.kind, n.reference, n.net_amount,
        n.service_charge);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Vouchers: what their sessions are priced from (treatment, sessions, price paid, code), for every
-- branch whose arrivals or sales use them.
CREATE FUNCTION "earning_changes_vouchers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, reference)
    SELECT DISTINCT l.location_id, 'voucher', x.id, x.code
    FROM earning_old o JOIN earning_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.id, o.code, o.location_id), (n.id, n.code, n.location_id)) x (id, code, location_id)
    CROSS JOIN LATERAL (
      SELECT x.location_id
      UNION SELECT a.location_id FROM client_arrivals a WHERE a.voucher_id = x.id
      UNION SELECT s.location_id FROM sales s WHERE s.reference = x.code
    ) l (location_id)
    WHERE (o.code, o.treatment_id, o.sessions_total, o.price_paid)
      IS DISTINCT FROM (n.code, n.treatment_id, n.sessions_total, n.price_paid);
  ELSE
    -- A new voucher is used by no arrival yet; its sale may have been written first.
    INSERT INTO earning_changes (location_id, kind, source_id, reference)
    SELECT DISTINCT l.location_id, 'voucher', x.id, x.code
    FROM (SELECT id, code, location_id FROM earning_rows) x
    CROSS JOIN LATERAL (
      SELECT x.location_id
      UNION SELECT a.location_id FROM client_arrivals a WHERE TG_OP = 'DELETE' AND a.voucher_id = x.id
      UNION SELECT s.location_id FROM sales s WHERE s.reference = x.code
    ) l (location_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Client memberships: the membership a CM-<id> sale earns by.
CREATE FUNCTION "earning_changes_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO earning_changes (location_id, kind, reference)
    SELECT DISTINCT l.location_id, 'reference', 'CM-' || n.id
    FROM earning_old o JOIN earning_new n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT n.location_id UNION SELECT s.location_id FROM sales s WHERE s.reference = 'CM-' || n.id
    ) l (location_id)
    WHERE o.membership_id IS DISTINCT FROM n.membership_id;
  ELSE
    INSERT INTO earning_changes (location_id, kind, reference)
    SELECT DISTINCT l.location_id, 'reference', 'CM-' || x.id
    FROM (SELECT id, location_id FROM earning_rows) x
    CROSS JOIN LATERAL (
      SELECT x.location_id UNION SELECT s.location_id FROM sales s WHERE s.reference = 'CM-' || x.id
    ) l (location_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rules, prices and membership categories: every earning from a day on (a rule's effective day,
-- the earliest of before and after; a price or category: all days), in the rule's branch or all.
CREATE FUNCTION "earning_changes_range"(loc integer, day_from date) RETURNS void LANGUAGE sql AS $$
  INSERT INTO earning_changes (location_id, kind, date_from, date_to)
  SELECT l.id, 'range', day_from, 'infinity'::date FROM locations l WHERE loc IS NULL OR l.id = loc;
$$;--> statement-breakpoint
CREATE FUNCTION "earning_changes_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM earning_changes_range(OLD.location_id, OLD.effective_from); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM earning_changes_range(NEW.location_id, NEW.effective_from); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "earning_changes_everything"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM earning_changes_range(NULL, '-infinity'::date);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A run approved (or no longer approved): its lines become paid and its cutoff's days adjustable.
CREATE FUNCTION "earning_changes_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
  VALUES (NEW.location_id, 'run', NEW.id, NEW.date_from, NEW.date_to);
  RETURN NULL;
END $$;--> statement-breakpoint
-- An adjustment deleted (a run computed again replaces its own): what it adjusted is open again.
CREATE FUNCTION "earning_changes_adjustments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
  SELECT DISTINCT o.location_id, o.adjusted_source, o.source_id, o.date, o.date
  FROM earning_old o WHERE o.source = 'adjustment';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "earning_changes_arrivals_insert" AFTER INSERT ON "client_arrivals" REFERENCING NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_arrivals"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_arrivals_update" AFTER UPDATE ON "client_arrivals" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_arrivals"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_arrivals_delete" AFTER DELETE ON "client_arrivals" REFERENCING OLD TABLE AS earning_old FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_arrivals"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_sales_insert" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_sales"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_sales_update" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_sales"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_sales_delete" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS earning_old FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_sales"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_vouchers_insert" AFTER INSERT ON "client_treatments" REFERENCING NEW TABLE AS earning_rows FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_vouchers"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_vouchers_update" AFTER UPDATE ON "client_treatments" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_vouchers"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_vouchers_delete" AFTER DELETE ON "client_treatments" REFERENCING OLD TABLE AS earning_rows FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_vouchers"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_memberships_insert" AFTER INSERT ON "client_memberships" REFERENCING NEW TABLE AS earning_rows FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_memberships"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_memberships_update" AFTER UPDATE ON "client_memberships" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_memberships"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_memberships_delete" AFTER DELETE ON "client_memberships" REFERENCING OLD TABLE AS earning_rows FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_memberships"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_rules" AFTER INSERT OR UPDATE OR DELETE ON "commission_rules" FOR EACH ROW EXECUTE FUNCTION "earning_changes_rules"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_treatments" AFTER UPDATE OF price, category_id ON "treatments" FOR EACH ROW WHEN ((OLD.price, OLD.category_id) IS DISTINCT FROM (NEW.price, NEW.category_id)) EXECUTE FUNCTION "earning_changes_everything"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_membership_links" AFTER INSERT OR UPDATE OR DELETE ON "membership_category_links" FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_everything"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_runs" AFTER UPDATE OF status ON "pay_runs" FOR EACH ROW WHEN ((OLD.status = 'approved') <> (NEW.status = 'approved')) EXECUTE FUNCTION "earning_changes_runs"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_adjustments" AFTER DELETE ON "pay_run_lines" REFERENCING OLD TABLE AS earning_old FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_adjustments"();--> statement-breakpoint
-- Nothing is known about what changed before this migration: each branch's next compute prices every approved cutoff once.
INSERT INTO earning_changes (location_id, kind, date_from, date_to)
SELECT DISTINCT location_id, 'range', '-infinity'::date, 'infinity'::date FROM pay_runs;
