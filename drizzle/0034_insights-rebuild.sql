CREATE TABLE "insights_cohort_size" (
	"community_id" text NOT NULL,
	"cohort" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_cohort_size_community_id_cohort_pk" PRIMARY KEY("community_id","cohort")
);
--> statement-breakpoint
CREATE TABLE "insights_held_origin" (
	"registration_id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"origin" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_rebuild_request" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "insights_active_day_day_idx";--> statement-breakpoint
ALTER TABLE "insights_active_day" ADD COLUMN "previous_day" date;--> statement-breakpoint
CREATE INDEX "insights_held_origin_community_idx" ON "insights_held_origin" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "insights_active_day_day_idx" ON "insights_active_day" USING btree ("community_id","day","previous_day");--> statement-breakpoint
-- The log's history reaches the rollups through one set-based rebuild on the jobs runtime's first pass, which also moves the subscriber to the log's end, rather than entry by entry.
INSERT INTO "insights_rebuild_request" ("id", "community_id") VALUES ('initial', NULL);
