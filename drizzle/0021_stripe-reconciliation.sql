CREATE TABLE "stripe_sync" (
	"scope" text PRIMARY KEY NOT NULL,
	"synced_until" timestamp with time zone NOT NULL,
	"walk_to" timestamp with time zone,
	"walk_after" text,
	"next_run_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_sync_due_idx" ON "stripe_sync" USING btree ("next_run_at");