ALTER TABLE "member_activity" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "guest_name" text;