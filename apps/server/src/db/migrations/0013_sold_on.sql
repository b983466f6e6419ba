-- The Manila day each voucher and membership was sold (decision 0710): an arrival may not use it before that day.
-- Rows on file get their sale line's date (memberships: reference CM-<id>; vouchers: their code), else the Manila day they were written; a membership's vouchers get the membership's.
ALTER TABLE "client_memberships" ADD COLUMN "sold_on" date;--> statement-breakpoint
UPDATE "client_memberships" SET "sold_on" = ("created_at" at time zone 'Asia/Manila')::date;--> statement-breakpoint
UPDATE "client_memberships" m SET "sold_on" = s."day" FROM (SELECT "reference", min("date") AS "day" FROM "sales" WHERE "kind" = 'membership' GROUP BY "reference") s WHERE s."reference" = 'CM-' || m."id";--> statement-breakpoint
ALTER TABLE "client_memberships" ALTER COLUMN "sold_on" SET DEFAULT ((now() at time zone 'Asia/Manila')::date);--> statement-breakpoint
ALTER TABLE "client_memberships" ALTER COLUMN "sold_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "client_treatments" ADD COLUMN "sold_on" date;--> statement-breakpoint
UPDATE "client_treatments" SET "sold_on" = ("created_at" at time zone 'Asia/Manila')::date;--> statement-breakpoint
UPDATE "client_treatments" t SET "sold_on" = s."day" FROM (SELECT "reference", min("date") AS "day" FROM "sales" WHERE "kind" = 'voucher' GROUP BY "reference") s WHERE s."reference" = t."code";--> statement-breakpoint
UPDATE "client_treatments" t SET "sold_on" = m."sold_on" FROM "client_memberships" m WHERE m."id" = t."client_membership_id";--> statement-breakpoint
ALTER TABLE "client_treatments" ALTER COLUMN "sold_on" SET DEFAULT ((now() at time zone 'Asia/Manila')::date);--> statement-breakpoint
ALTER TABLE "client_treatments" ALTER COLUMN "sold_on" SET NOT NULL;
