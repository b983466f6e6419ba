DROP INDEX "floor_bookings_arrival_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "floor_bookings_arrival_therapist_idx" ON "floor_bookings" USING btree ("arrival_id","therapist_id");