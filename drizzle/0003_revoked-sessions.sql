CREATE TABLE "revoked_session" (
	"session_id" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_session_revoked_at_idx" ON "revoked_session" USING btree ("revoked_at");