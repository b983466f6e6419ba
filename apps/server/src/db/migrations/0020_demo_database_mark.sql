ALTER TABLE "configurations" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0906): a database the demo seed made before this mark existed is marked
-- too, by what only that seed writes: the four demo staff accounts with their seeded addresses
-- (db/seed.ts, DEMO_ACCOUNTS). A database seeded without the demo has none of them: it stays unmarked.
UPDATE "configurations" SET "demo" = true
WHERE (
  SELECT count(*) FROM "users"
  WHERE ("username", "email") IN (
    ('manager', 'manager@ginhawa.example'),
    ('salesperson', 'salesperson@ginhawa.example'),
    ('therapist', 'therapist@ginhawa.example'),
    ('receptionist', 'receptionist@ginhawa.example')
  )
) = 4;
