-- Hand-written (decision 0508): a count of sales counts sales to clients, not sale lines. A walk-in
-- visit whose reservation deposit was applied is two lines (the desk's and the deposit's, both
-- kind walk_in with the arrival's reference A-<id>, decision 0411); it is one sale. Every other
-- line is a sale of its own. sale_key names the sale a line belongs to; every count of sales
-- (the reports' SQL and sales_daily_totals.count) counts distinct keys.
CREATE FUNCTION "sale_key"(kind varchar, reference varchar, id integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN kind = 'walk_in' AND reference ~ '^A-[0-9]+$' THEN reference ELSE '#' || id END $$;--> statement-breakpoint
-- sales_daily_totals can no longer add a statement's lines to a group's count (a visit's second
-- line adds no sale, and a visit's reference is set by a later UPDATE), so every statement on
-- sales refreshes the groups it touched from sales itself: one location-day's lines per group
-- (sales_location_date_idx). A visit's lines share its location, date and salesperson, so the
-- groups' counts add up to any sum of them (location sales, the leaderboard).
CREATE FUNCTION "sales_daily_totals_refresh"(touched sales_daily_totals[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- First every touched group's row, in key order so writers never deadlock on them: a writer
  -- still committing lines of the same group is waited for here ...
  INSERT INTO sales_daily_totals (date, location_id, salesperson_id, total, count)
  SELECT DISTINCT g.date, g.location_id, g.salesperson_id, 0, 0 FROM unnest(touched) g ORDER BY 1, 2, 3
  ON CONFLICT (date, location_id, salesperson_id) DO NOTHING;
  PERFORM 1 FROM sales_daily_totals t JOIN unnest(touched) g USING (date, location_id, salesperson_id)
  ORDER BY t.date, t.location_id, t.salesperson_id FOR UPDATE OF t;
  -- ... so this statement's snapshot, taken after, sees its lines (READ COMMITTED, as every writer is).
  UPDATE sales_daily_totals t SET total = x.total, count = x.count
  FROM (SELECT g.date, g.location_id, g.salesperson_id, coalesce(sum(s.net_amount), 0) AS total,
      count(DISTINCT sale_key(s.kind, s.reference, s.id)) AS count
    FROM (SELECT DISTINCT date, location_id, salesperson_id FROM unnest(touched)) g
    LEFT JOIN sales s ON s.location_id = g.location_id AND s.date = g.date AND coalesce(s.salesperson_id, 0) = g.salesperson_id
    GROUP BY 1, 2, 3) x
  WHERE t.date = x.date AND t.location_id = x.location_id AND t.salesperson_id = x.salesperson_id;
  DELETE FROM sales_daily_totals t USING unnest(touched) g
  WHERE t.date = g.date AND t.location_id = g.location_id AND t.salesperson_id = g.salesperson_id AND t.count = 0;
END $$;--> statement-breakpoint
-- A line's group (a forfeited deposit, with no salesperson, stays under salesperson 0: 0021).
CREATE FUNCTION "sales_daily_group"(date date, location_id integer, salesperson_id integer) RETURNS sales_daily_totals
LANGUAGE sql IMMUTABLE AS $$ SELECT (date, location_id, coalesce(salesperson_id, 0), 0, 0)::sales_daily_totals $$;--> statement-breakpoint
-- The three triggers of 0007 (kept, ENABLE ALWAYS) now refresh the groups of their rows.
CREATE OR REPLACE FUNCTION "sales_daily_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM sales_daily_totals_refresh(array(SELECT sales_daily_group(date, location_id, salesperson_id) FROM new_rows)); RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_daily_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM sales_daily_totals_refresh(array(SELECT sales_daily_group(date, location_id, salesperson_id) FROM old_rows)); RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_daily_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM sales_daily_totals_refresh(array(SELECT sales_daily_group(date, location_id, salesperson_id) FROM old_rows
  UNION ALL SELECT sales_daily_group(date, location_id, salesperson_id) FROM new_rows)); RETURN NULL; END $$;--> statement-breakpoint
UPDATE "sales_daily_totals" t SET count = (
  SELECT count(DISTINCT sale_key(s.kind, s.reference, s.id)) FROM sales s
  WHERE s.location_id = t.location_id AND s.date = t.date AND coalesce(s.salesperson_id, 0) = t.salesperson_id);
