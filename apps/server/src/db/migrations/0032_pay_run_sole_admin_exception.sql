ALTER TABLE "configurations" ADD COLUMN "sole_admin_approves_own_pay_runs" boolean DEFAULT true NOT NULL;
