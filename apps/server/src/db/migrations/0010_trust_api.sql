CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_imports" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sales_imports" CASCADE;--> statement-breakpoint
DROP INDEX "sales_idempotency_key_key";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "idempotency_key";