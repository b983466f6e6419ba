ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_adjustment_check";--> statement-breakpoint
ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_employee_fk";
--> statement-breakpoint
ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_rule_fk";
--> statement-breakpoint
ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_adjusts_fk";
--> statement-breakpoint
ALTER TABLE "pay_run_lines" ALTER COLUMN "adjusted_source" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_adjustment_check" CHECK (("pay_run_lines"."source" = 'adjustment') = coalesce("pay_run_lines"."adjusted_source" in ('arrival', 'sale', 'service_charge'), false) and ("pay_run_lines"."adjusts_line_id" is null or "pay_run_lines"."source" = 'adjustment'));