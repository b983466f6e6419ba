-- Hand-written (decision 0904): the board's line passes over a therapist deactivated or moved to
-- another branch while on shift (Assign next serves no one inactive or of another branch), so a change
-- of `is_active` or `location_id` raises the names row as a rename does: every open board reads again
-- and stops calling them next.
DROP TRIGGER "floor_board_version_employees" ON "employees";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_board_version_employees" AFTER UPDATE OF first_name, last_name, is_active, location_id OR DELETE ON "employees" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "floor_board_version_names"();--> statement-breakpoint
ALTER TABLE "employees" ENABLE ALWAYS TRIGGER "floor_board_version_employees";
