ALTER TABLE "daily_reports" ADD COLUMN "cash_count" jsonb;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD COLUMN "deposit_received_on" date;--> statement-breakpoint
CREATE INDEX "floor_reservations_received_idx" ON "floor_reservations" USING btree ("location_id","deposit_received_on") WHERE "floor_reservations"."deposit_received_on" is not null;--> statement-breakpoint
-- Hand-written (decision 0520): a deposit already on file was received on the day its reservation
-- was made, in Manila; a carried credit's money was received on the reservation it came from.
UPDATE "floor_reservations" fr SET "deposit_received_on" = (fr."created_at" at time zone 'Asia/Manila')::date
  WHERE fr."deposit_amount" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "floor_reservations" c WHERE c."deposit_carried_to" = fr."id");
