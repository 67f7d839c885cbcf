ALTER TABLE "membership" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "member_subscription" ADD COLUMN "origin" text;