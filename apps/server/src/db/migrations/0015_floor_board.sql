CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"beds" integer DEFAULT 1 NOT NULL,
	"rule" varchar(8) DEFAULT 'any' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_beds_check" CHECK ("rooms"."beds" between 1 and 20),
	CONSTRAINT "rooms_rule_check" CHECK ("rooms"."rule" in ('any', 'women', 'men'))
);
--> statement-breakpoint
CREATE TABLE "floor_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"therapist_id" integer,
	"room_id" integer,
	"bed" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reservation_id" integer,
	"arrival_id" integer,
	"requested" boolean DEFAULT false NOT NULL,
	CONSTRAINT "floor_bookings_range_check" CHECK ("floor_bookings"."ends_at" > "floor_bookings"."starts_at"),
	CONSTRAINT "floor_bookings_bed_check" CHECK (("floor_bookings"."room_id" is null) = ("floor_bookings"."bed" is null)),
	CONSTRAINT "floor_bookings_what_check" CHECK ("floor_bookings"."therapist_id" is not null or "floor_bookings"."room_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "floor_queue" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"break_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "floor_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"therapist_id" integer,
	"room_id" integer,
	"bed" integer,
	"status" varchar(10) DEFAULT 'booked' NOT NULL,
	"deposit_method" varchar(20),
	"deposit_bank_id" integer,
	"deposit_amount" numeric(12, 2),
	"deposit_reference" varchar(60) DEFAULT '' NOT NULL,
	"deposit_status" varchar(10),
	"notes" varchar(500) DEFAULT '' NOT NULL,
	"arrival_id" integer,
	"cancelled_by" integer,
	"cancel_reason" varchar(300) DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_reservations_status_check" CHECK ("floor_reservations"."status" in ('booked', 'arrived', 'no_show', 'cancelled')),
	CONSTRAINT "floor_reservations_time_slot" CHECK ("time" ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'),
	CONSTRAINT "floor_reservations_range_check" CHECK ("floor_reservations"."ends_at" > "floor_reservations"."starts_at"),
	CONSTRAINT "floor_reservations_deposit_check" CHECK (("floor_reservations"."deposit_amount" is null and "floor_reservations"."deposit_status" is null) or ("floor_reservations"."deposit_amount" > 0 and "floor_reservations"."deposit_method" is not null and "floor_reservations"."deposit_status" in ('held', 'applied', 'forfeited', 'credited', 'refunded')))
);
--> statement-breakpoint
CREATE TABLE "floor_rotation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"employee_id" integer,
	"action" varchar(20) NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_settings" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"grace_minutes" integer DEFAULT 15 NOT NULL,
	"no_show_deposit" varchar(8) DEFAULT 'forfeit' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_settings_grace_check" CHECK ("floor_settings"."grace_minutes" between 0 and 240),
	CONSTRAINT "floor_settings_no_show_check" CHECK ("floor_settings"."no_show_deposit" in ('forfeit', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"clocked_in_by" integer,
	"clocked_out_by" integer,
	CONSTRAINT "shifts_end_after_start" CHECK ("shifts"."ended_at" is null or "shifts"."ended_at" >= "shifts"."started_at")
);
--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "room_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD COLUMN "room_id" integer;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD COLUMN "bed" integer;--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_therapist_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_room_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_reservation_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."floor_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_arrival_fk" FOREIGN KEY ("arrival_id") REFERENCES "public"."client_arrivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_queue" ADD CONSTRAINT "floor_queue_employee_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_queue" ADD CONSTRAINT "floor_queue_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_queue" ADD CONSTRAINT "floor_queue_shift_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_client_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_treatment_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_therapist_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_room_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_bank_fk" FOREIGN KEY ("deposit_bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_reservations" ADD CONSTRAINT "floor_reservations_arrival_fk" FOREIGN KEY ("arrival_id") REFERENCES "public"."client_arrivals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_rotation_log" ADD CONSTRAINT "floor_rotation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_rotation_log" ADD CONSTRAINT "floor_rotation_log_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_rotation_log" ADD CONSTRAINT "floor_rotation_log_employee_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_settings" ADD CONSTRAINT "floor_settings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_settings" ADD CONSTRAINT "floor_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_settings" ADD CONSTRAINT "floor_settings_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_clocked_in_by_users_id_fk" FOREIGN KEY ("clocked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_clocked_out_by_users_id_fk" FOREIGN KEY ("clocked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_employee_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_location_name_idx" ON "rooms" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE INDEX "floor_bookings_location_time_idx" ON "floor_bookings" USING btree ("location_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_bookings_reservation_idx" ON "floor_bookings" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_bookings_arrival_idx" ON "floor_bookings" USING btree ("arrival_id");--> statement-breakpoint
CREATE INDEX "floor_queue_location_idx" ON "floor_queue" USING btree ("location_id","queued_at");--> statement-breakpoint
CREATE INDEX "floor_reservations_location_date_idx" ON "floor_reservations" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "floor_reservations_client_idx" ON "floor_reservations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "floor_rotation_log_location_at_idx" ON "floor_rotation_log" USING btree ("location_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_idx" ON "shifts" USING btree ("employee_id") WHERE "shifts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "shifts_location_started_idx" ON "shifts" USING btree ("location_id","started_at");--> statement-breakpoint
CREATE INDEX "shifts_employee_started_idx" ON "shifts" USING btree ("employee_id","started_at");--> statement-breakpoint
ALTER TABLE "client_arrivals" ADD CONSTRAINT "client_arrivals_room_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0900): no double booking, by the database. btree_gist lets one GiST index
-- compare the therapist's id (=) beside the time range (&&); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_therapist_excl" EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("therapist_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "floor_bookings" ADD CONSTRAINT "floor_bookings_bed_excl" EXCLUDE USING gist ("room_id" WITH =, "bed" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("room_id" IS NOT NULL);--> statement-breakpoint
-- An arrival cancelled through clients/arrivals/{id}/ gives its therapist's and bed's time back,
-- without the clients module knowing the floor.
CREATE FUNCTION "floor_release_cancelled_arrival"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM floor_bookings WHERE arrival_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "floor_release_cancelled_arrival" AFTER UPDATE OF "status" ON "client_arrivals" FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled') EXECUTE FUNCTION "floor_release_cancelled_arrival"();
