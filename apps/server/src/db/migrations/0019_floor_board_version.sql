CREATE TABLE "floor_board_version" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 0904): every transaction that changes what a branch's floor board reads
-- raises that branch's row once, while it commits; a change to a name the board shows raises row 0
-- (renames are rare, and a board is kept per branch version and names version). Deferred
-- constraint triggers run at commit, after every other lock the transaction takes, as the
-- leaderboard's (0502); the row is taken only while committing.
CREATE FUNCTION "floor_board_version_raise"(loc integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction and row, however many rows it changed (the setting is local to the
  -- transaction and is undone with a rolled-back savepoint, as the raise is).
  IF current_setting('ginhawa.floor_board_raised_' || loc, true) IS DISTINCT FROM pg_current_xact_id()::text THEN
    PERFORM set_config('ginhawa.floor_board_raised_' || loc, pg_current_xact_id()::text, true);
    INSERT INTO floor_board_version (location_id, version) VALUES (loc, 1)
    ON CONFLICT (location_id) DO UPDATE SET version = floor_board_version.version + 1;
  END IF;
END $$;--> statement-breakpoint
-- A branch's table (it has location_id): that branch's row, both branches' when a row moves.
CREATE FUNCTION "floor_board_version_branch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM floor_board_version_raise(NEW.location_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.location_id IS DISTINCT FROM NEW.location_id) THEN
    PERFORM floor_board_version_raise(OLD.location_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "floor_board_version_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM floor_board_version_raise(0);
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE has no row events: a statement trigger raises every row (it cannot be deferred).
CREATE FUNCTION "floor_board_version_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO floor_board_version (location_id, version) VALUES (0, 1)
  ON CONFLICT (location_id) DO UPDATE SET version = floor_board_version.version + 1;
  UPDATE floor_board_version SET version = version + 1 WHERE location_id <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Tables of a branch: every change. (client_arrivals: who and what a booking is for.)--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_floor_queue" AFTER INSERT OR UPDATE OR DELETE ON "floor_queue" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_branch"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_floor_bookings" AFTER INSERT OR UPDATE OR DELETE ON "floor_bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_branch"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_floor_reservations" AFTER INSERT OR UPDATE OR DELETE ON "floor_reservations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_branch"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_shifts" AFTER INSERT OR UPDATE OR DELETE ON "shifts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_branch"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_rooms" AFTER INSERT OR UPDATE OR DELETE ON "rooms" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_branch"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_client_arrivals" AFTER INSERT OR UPDATE OR DELETE ON "client_arrivals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_branch"();--> statement-breakpoint
-- Names the board shows: a rename or a deletion. A new row is shown only once a branch's row
-- refers to it, and that row raises its branch.--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_clients" AFTER UPDATE OF first_name, last_name OR DELETE ON "clients" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_names"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_employees" AFTER UPDATE OF first_name, last_name OR DELETE ON "employees" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_names"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_treatments" AFTER UPDATE OF name OR DELETE ON "treatments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_names"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_users" AFTER UPDATE OF username, first_name, last_name OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_names"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_locations" AFTER UPDATE OF name OR DELETE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_names"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_floor_queue_truncate" AFTER TRUNCATE ON "floor_queue" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_floor_bookings_truncate" AFTER TRUNCATE ON "floor_bookings" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_floor_reservations_truncate" AFTER TRUNCATE ON "floor_reservations" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_shifts_truncate" AFTER TRUNCATE ON "shifts" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_rooms_truncate" AFTER TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_client_arrivals_truncate" AFTER TRUNCATE ON "client_arrivals" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_clients_truncate" AFTER TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_employees_truncate" AFTER TRUNCATE ON "employees" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_treatments_truncate" AFTER TRUNCATE ON "treatments" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_users_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
CREATE TRIGGER "floor_board_version_locations_truncate" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "floor_board_version_all"();--> statement-breakpoint
-- Bulk seeding runs in replica mode (foreign-key triggers off); these must fire anyway.--> statement-breakpoint
ALTER TABLE "floor_queue" ENABLE ALWAYS TRIGGER "floor_board_version_floor_queue";--> statement-breakpoint
ALTER TABLE "floor_queue" ENABLE ALWAYS TRIGGER "floor_board_version_floor_queue_truncate";--> statement-breakpoint
ALTER TABLE "floor_bookings" ENABLE ALWAYS TRIGGER "floor_board_version_floor_bookings";--> statement-breakpoint
ALTER TABLE "floor_bookings" ENABLE ALWAYS TRIGGER "floor_board_version_floor_bookings_truncate";--> statement-breakpoint
ALTER TABLE "floor_reservations" ENABLE ALWAYS TRIGGER "floor_board_version_floor_reservations";--> statement-breakpoint
ALTER TABLE "floor_reservations" ENABLE ALWAYS TRIGGER "floor_board_version_floor_reservations_truncate";--> statement-breakpoint
ALTER TABLE "shifts" ENABLE ALWAYS TRIGGER "floor_board_version_shifts";--> statement-breakpoint
ALTER TABLE "shifts" ENABLE ALWAYS TRIGGER "floor_board_version_shifts_truncate";--> statement-breakpoint
ALTER TABLE "rooms" ENABLE ALWAYS TRIGGER "floor_board_version_rooms";--> statement-breakpoint
ALTER TABLE "rooms" ENABLE ALWAYS TRIGGER "floor_board_version_rooms_truncate";--> statement-breakpoint
ALTER TABLE "client_arrivals" ENABLE ALWAYS TRIGGER "floor_board_version_client_arrivals";--> statement-breakpoint
ALTER TABLE "client_arrivals" ENABLE ALWAYS TRIGGER "floor_board_version_client_arrivals_truncate";--> statement-breakpoint
ALTER TABLE "clients" ENABLE ALWAYS TRIGGER "floor_board_version_clients";--> statement-breakpoint
ALTER TABLE "clients" ENABLE ALWAYS TRIGGER "floor_board_version_clients_truncate";--> statement-breakpoint
ALTER TABLE "employees" ENABLE ALWAYS TRIGGER "floor_board_version_employees";--> statement-breakpoint
ALTER TABLE "employees" ENABLE ALWAYS TRIGGER "floor_board_version_employees_truncate";--> statement-breakpoint
ALTER TABLE "treatments" ENABLE ALWAYS TRIGGER "floor_board_version_treatments";--> statement-breakpoint
ALTER TABLE "treatments" ENABLE ALWAYS TRIGGER "floor_board_version_treatments_truncate";--> statement-breakpoint
ALTER TABLE "users" ENABLE ALWAYS TRIGGER "floor_board_version_users";--> statement-breakpoint
ALTER TABLE "users" ENABLE ALWAYS TRIGGER "floor_board_version_users_truncate";--> statement-breakpoint
ALTER TABLE "locations" ENABLE ALWAYS TRIGGER "floor_board_version_locations";--> statement-breakpoint
ALTER TABLE "locations" ENABLE ALWAYS TRIGGER "floor_board_version_locations_truncate";