CREATE TABLE "membership_allowed_treatments" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"sessions_included" integer DEFAULT 0 NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_allowed_treatments_sessions" CHECK ("membership_allowed_treatments"."sessions_included" >= 0),
	CONSTRAINT "membership_allowed_treatments_discount" CHECK ("membership_allowed_treatments"."discount_percent" >= 0 and "membership_allowed_treatments"."discount_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "membership_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_category_links" (
	"membership_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "membership_category_links_membership_id_category_id_pk" PRIMARY KEY("membership_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"validity_days" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_price_nonnegative" CHECK ("memberships"."price" >= 0),
	CONSTRAINT "memberships_validity_positive" CHECK ("memberships"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "treatment_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"category_id" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatments_duration_grid" CHECK ("treatments"."duration_minutes" > 0 and "treatments"."duration_minutes" % 15 = 0),
	CONSTRAINT "treatments_price_nonnegative" CHECK ("treatments"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "membership_allowed_treatments" ADD CONSTRAINT "membership_allowed_treatments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_allowed_treatments" ADD CONSTRAINT "membership_allowed_treatments_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_allowed_treatments" ADD CONSTRAINT "membership_allowed_treatments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_allowed_treatments" ADD CONSTRAINT "membership_allowed_treatments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_categories" ADD CONSTRAINT "membership_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_categories" ADD CONSTRAINT "membership_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_category_links" ADD CONSTRAINT "membership_category_links_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_category_links" ADD CONSTRAINT "membership_category_links_category_id_membership_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."membership_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_categories" ADD CONSTRAINT "treatment_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_categories" ADD CONSTRAINT "treatment_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_category_id_treatment_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."treatment_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_allowed_treatments_pair_idx" ON "membership_allowed_treatments" USING btree ("membership_id","treatment_id");--> statement-breakpoint
CREATE INDEX "membership_allowed_treatments_treatment_idx" ON "membership_allowed_treatments" USING btree ("treatment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_categories_name_lower_idx" ON "membership_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "membership_category_links_category_idx" ON "membership_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_name_lower_idx" ON "memberships" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_categories_name_lower_idx" ON "treatment_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_category_name_lower_idx" ON "treatments" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "treatments_name_idx" ON "treatments" USING btree ("name");