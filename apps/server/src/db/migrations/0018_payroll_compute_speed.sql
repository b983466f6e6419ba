ALTER TABLE "pay_run_lines" DROP CONSTRAINT "pay_run_lines_run_fk";
--> statement-breakpoint
DROP INDEX "pay_run_lines_adjusts_idx";