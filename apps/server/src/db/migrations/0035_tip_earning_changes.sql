ALTER TABLE "earning_changes" DROP CONSTRAINT "earning_changes_kind_check";--> statement-breakpoint
ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_adjustment_check";--> statement-breakpoint
ALTER TABLE "earning_changes" ADD CONSTRAINT "earning_changes_kind_check" CHECK ("earning_changes"."kind" in ('arrival', 'sale', 'voucher', 'reference', 'range', 'run', 'service_charge', 'tip'));--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_adjustment_check" CHECK (("pay_run_lines"."source" = 'adjustment') = coalesce("pay_run_lines"."adjusted_source" in ('arrival', 'sale', 'service_charge', 'tip'), false) and ("pay_run_lines"."adjusts_line_id" is null or "pay_run_lines"."source" = 'adjustment'));--> statement-breakpoint
-- Hand-written (decision 0917): a tip written, changed or removed leaves a row in earning_changes,
-- as arrivals and sale lines do (0033), so a tip dated in an approved cutoff is paid by the next
-- run's adjustment pass ("Late: …") and a changed one adjusted against its line.
CREATE FUNCTION "earning_changes_tips"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
    SELECT n.location_id, 'tip', n.id, n.date, n.date FROM earning_new n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
    SELECT o.location_id, 'tip', o.id, o.date, o.date FROM earning_old o;
  ELSE
    INSERT INTO earning_changes (location_id, kind, source_id, date_from, date_to)
    SELECT DISTINCT x.location_id, 'tip', x.id, x.date, x.date
    FROM earning_old o JOIN earning_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.location_id, o.id, o.date), (n.location_id, n.id, n.date)) x (location_id, id, date)
    WHERE (o.location_id, o.date, o.employee_id, o.client_id, o.amount, o.payment_method)
      IS DISTINCT FROM (n.location_id, n.date, n.employee_id, n.client_id, n.amount, n.payment_method);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "earning_changes_tips_insert" AFTER INSERT ON "tips" REFERENCING NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_tips"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_tips_update" AFTER UPDATE ON "tips" REFERENCING OLD TABLE AS earning_old NEW TABLE AS earning_new FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_tips"();--> statement-breakpoint
CREATE TRIGGER "earning_changes_tips_delete" AFTER DELETE ON "tips" REFERENCING OLD TABLE AS earning_old FOR EACH STATEMENT EXECUTE FUNCTION "earning_changes_tips"();
