CREATE TABLE "leaderboard_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_version_one_row" CHECK ("leaderboard_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (decision 0502): every transaction that changes what the leaderboard reads raises
-- the version once, while it commits. Deferred constraint triggers run at commit, after every
-- other lock the transaction takes, so the one row cannot be part of a deadlock; a transaction
-- holds it only while committing.
INSERT INTO "leaderboard_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "leaderboard_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many rows it changed (the setting is local to the transaction
  -- and is undone with a rolled-back savepoint, as the bump is).
  IF current_setting('ginhawa.leaderboard_bumped_by', true) IS DISTINCT FROM pg_current_xact_id()::text THEN
    PERFORM set_config('ginhawa.leaderboard_bumped_by', pg_current_xact_id()::text, true);
    -- An upsert: if the row was ever removed, the version comes back instead of no longer moving.
    INSERT INTO leaderboard_version (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = leaderboard_version.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leaderboard_version_totals" AFTER INSERT OR UPDATE OR DELETE ON "sales_daily_totals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "leaderboard_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leaderboard_version_employees" AFTER INSERT OR UPDATE OR DELETE ON "employees" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "leaderboard_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leaderboard_version_locations" AFTER INSERT OR UPDATE OR DELETE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "leaderboard_version_bump"();--> statement-breakpoint
-- TRUNCATE has no row events: a statement trigger (TRUNCATE locks the whole table anyway).
CREATE TRIGGER "leaderboard_version_totals_truncate" AFTER TRUNCATE ON "sales_daily_totals" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_version_bump"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_version_employees_truncate" AFTER TRUNCATE ON "employees" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_version_bump"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_version_locations_truncate" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_version_bump"();--> statement-breakpoint
-- Bulk seeding runs in replica mode (foreign-key triggers off); these must fire anyway.
ALTER TABLE "sales_daily_totals" ENABLE ALWAYS TRIGGER "leaderboard_version_totals";--> statement-breakpoint
ALTER TABLE "employees" ENABLE ALWAYS TRIGGER "leaderboard_version_employees";--> statement-breakpoint
ALTER TABLE "locations" ENABLE ALWAYS TRIGGER "leaderboard_version_locations";--> statement-breakpoint
ALTER TABLE "sales_daily_totals" ENABLE ALWAYS TRIGGER "leaderboard_version_totals_truncate";--> statement-breakpoint
ALTER TABLE "employees" ENABLE ALWAYS TRIGGER "leaderboard_version_employees_truncate";--> statement-breakpoint
ALTER TABLE "locations" ENABLE ALWAYS TRIGGER "leaderboard_version_locations_truncate";
