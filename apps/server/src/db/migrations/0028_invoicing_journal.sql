CREATE TABLE "invoicing_journal" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"event" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"prev_hash" char(64) NOT NULL,
	"hash" char(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoicing_journal" ADD CONSTRAINT "invoicing_journal_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoicing_journal_terminal_seq_idx" ON "invoicing_journal" USING btree ("terminal_id","seq");--> statement-breakpoint
-- The electronic journal is append-only (issue 33; decision 1001): no UPDATE, DELETE or TRUNCATE,
-- whoever asks, the app's own connection (the database's owner) included. An owner who disables
-- the triggers can still change a row; the hash chain then shows which (journal/verify/).
CREATE FUNCTION "invoicing_journal_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The invoicing journal is append-only: an entry is never changed or deleted.';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoicing_journal_no_change" BEFORE UPDATE OR DELETE ON "invoicing_journal"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_journal_append_only"();--> statement-breakpoint
CREATE TRIGGER "invoicing_journal_no_truncate" BEFORE TRUNCATE ON "invoicing_journal"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_journal_append_only"();
