ALTER TABLE "payment" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_plan_id_membership_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_community_plan_idx" ON "payment" USING btree ("community_id","plan_id","created_at","id");