ALTER TABLE "earning_changes" DROP CONSTRAINT "earning_changes_kind_check";--> statement-breakpoint
ALTER TABLE "pay_runs" ADD COLUMN "lines_current" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "pay_run_lines_tip_idx" ON "pay_run_lines" USING btree ("location_id","source_id") WHERE "pay_run_lines"."source" = 'tip';--> statement-breakpoint
ALTER TABLE "earning_changes" ADD CONSTRAINT "earning_changes_kind_check" CHECK ("earning_changes"."kind" in ('arrival', 'sale', 'voucher', 'reference', 'range', 'run', 'service_charge', 'tip', 'names'));--> statement-breakpoint
-- Hand-written (decision 1040): approving a run whose lines are current leaves no change marker: its
-- lines are what its cutoff earns, so pricing that cutoff again (what the marker asks for) would
-- find nothing to adjust. Any other approval, and every un-approval, marks the run and its days as before.
CREATE OR REPLACE FUNCTION "earning_changes_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'approved' AND NEW.lines_current THEN RETURN NULL; END IF;
  INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
  VALUES (NEW.location_id, 'run', NEW.id, NEW.date_from, NEW.date_to);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A client's, employee's or treatment's name is written into a draft's lines (descriptions, names):
-- a rename moves no amount, so the adjustment pass ignores it, but a draft computed again must
-- write the new name (its lines are no longer current). One marker per branch and statement.
CREATE FUNCTION "earning_changes_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM 1 FROM earning_old o JOIN earning_new n ON n.id = o.id
      WHERE (o.first_name, o.last_name) IS DISTINCT FROM (n.first_name, n.last_name) LIMIT 1;
  ELSIF TG_TABLE_NAME = 'employees' THEN
    PERFORM 1 FROM earning_old o JOIN earning_new n ON n.id = o.id
      WHERE (o.first_name, o.last_name, o.employee_code) IS DISTINCT FROM (n.first_name, n.last_name, n.employee_code)
      LIMIT 1;
  ELSE
    PERFORM 1 FROM earning_old o JOIN earning_new n ON n.id = o.id WHERE o.name IS DISTINCT FROM n.name LIMIT 1;
  END IF;
  IF FOUND THEN
    INSERT INTO earning_changes (location_id, kind) SELECT l.id, 'names' FROM locations l;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "earning_changes_clients_names" AFTER UPDATE ON "clients" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_names"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_employees_names" AFTER UPDATE ON "employees" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_names"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_treatments_names" AFTER UPDATE ON "treatments" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_names"();
