ALTER TABLE "sales" DROP CONSTRAINT "sales_kind_check";--> statement-breakpoint
ALTER TABLE "floor_reservations" DROP CONSTRAINT "floor_reservations_deposit_check";--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "salesperson_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD COLUMN "deposit_carried_to" integer;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_carried_to_fk" FOREIGN KEY ("deposit_carried_to") REFERENCES "public"."floor_reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_salesperson_check" CHECK (("sales"."kind" = 'forfeit') = ("sales"."salesperson_id" is null));--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_kind_check" CHECK ("sales"."kind" in ('membership', 'voucher', 'walk_in', 'other', 'forfeit'));--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_carried_check" CHECK (("floor_reservations"."deposit_status" = 'carried') = ("floor_reservations"."deposit_carried_to" is not null));--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_deposit_check" CHECK (("floor_reservations"."deposit_amount" is null and "floor_reservations"."deposit_status" is null) or ("floor_reservations"."deposit_amount" > 0 and "floor_reservations"."deposit_method" is not null and "floor_reservations"."deposit_status" in ('held', 'applied', 'forfeited', 'credited', 'refunded', 'carried')));--> statement-breakpoint
-- Hand-written (decision 0900, "A forfeited deposit is takings"): a forfeited deposit has no
-- salesperson, so its line is kept in sales_daily_totals under salesperson 0 (no employee): the
-- location sales report counts it, the leaderboard (which joins employees) never ranks it.
CREATE OR REPLACE FUNCTION "sales_daily_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily_totals (date, location_id, salesperson_id, total, count)
  SELECT date, location_id, coalesce(salesperson_id, 0), sum(net_amount), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (date, location_id, salesperson_id)
  DO UPDATE SET total = sales_daily_totals.total + excluded.total, count = sales_daily_totals.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_daily_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_daily_totals t SET total = t.total - o.total, count = t.count - o.count
  FROM (SELECT date, location_id, coalesce(salesperson_id, 0) AS salesperson_id, sum(net_amount) AS total, count(*) AS count FROM old_rows GROUP BY 1, 2, 3) o
  WHERE t.date = o.date AND t.location_id = o.location_id AND t.salesperson_id = o.salesperson_id;
  DELETE FROM sales_daily_totals WHERE count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_daily_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_daily_totals t SET total = t.total - o.total, count = t.count - o.count
  FROM (SELECT date, location_id, coalesce(salesperson_id, 0) AS salesperson_id, sum(net_amount) AS total, count(*) AS count FROM old_rows GROUP BY 1, 2, 3) o
  WHERE t.date = o.date AND t.location_id = o.location_id AND t.salesperson_id = o.salesperson_id;
  INSERT INTO sales_daily_totals (date, location_id, salesperson_id, total, count)
  SELECT date, location_id, coalesce(salesperson_id, 0), sum(net_amount), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (date, location_id, salesperson_id)
  DO UPDATE SET total = sales_daily_totals.total + excluded.total, count = sales_daily_totals.count + excluded.count;
  DELETE FROM sales_daily_totals WHERE count <= 0;
  RETURN NULL;
END $$;
