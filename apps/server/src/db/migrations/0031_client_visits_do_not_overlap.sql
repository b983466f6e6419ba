ALTER TABLE "floor_bookings" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0912): one client, one visit at a time, at any branch, by the database.
-- The row's client is its arrival's or its reservation's, set here so no writer can forget it.
CREATE FUNCTION "floor_bookings_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_id := COALESCE(
    (SELECT client_id FROM client_arrivals WHERE id = NEW.arrival_id),
    (SELECT client_id FROM floor_reservations WHERE id = NEW.reservation_id)
  );
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "floor_bookings_client" BEFORE INSERT OR UPDATE OF "arrival_id", "reservation_id" ON "floor_bookings" FOR EACH ROW EXECUTE FUNCTION "floor_bookings_client"();--> statement-breakpoint
UPDATE "floor_bookings" b SET "client_id" = COALESCE(
  (SELECT client_id FROM client_arrivals a WHERE a.id = b.arrival_id),
  (SELECT client_id FROM floor_reservations r WHERE r.id = b.reservation_id)
);--> statement-breakpoint
-- Overlaps written before the rule stay as they were, outside it: the later of each pair is kept
-- without its client (so the constraint can be added to a live database), the earlier keeps it.
UPDATE "floor_bookings" b SET "client_id" = NULL
WHERE b.client_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM floor_bookings o
  WHERE o.client_id = b.client_id AND o.id < b.id
    AND COALESCE(o.arrival_id, -o.reservation_id) <> COALESCE(b.arrival_id, -b.reservation_id)
    AND tstzrange(o.starts_at, o.ends_at) && tstzrange(b.starts_at, b.ends_at)
);--> statement-breakpoint
-- One visit is its arrival (a tandem's two rows), else its reservation (negated: the ids are two series).
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_client_excl" EXCLUDE USING gist ("client_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (COALESCE("arrival_id", -"reservation_id")) WITH <>) WHERE ("client_id" IS NOT NULL);
