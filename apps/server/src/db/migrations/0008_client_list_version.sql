CREATE TABLE "client_list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "client_list_version_one_row" CHECK ("client_list_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (decision 0402): every statement that changes clients raises the version once.
INSERT INTO "client_list_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "client_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An upsert: if the row was ever removed (a data-only restore), the version comes back instead
  -- of silently no longer moving.
  INSERT INTO client_list_version (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = client_list_version.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "client_list_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "client_list_version_bump"();--> statement-breakpoint
-- Bulk seeding runs in replica mode (foreign-key triggers off); this one must fire anyway.
ALTER TABLE "clients" ENABLE ALWAYS TRIGGER "client_list_version_bump";
