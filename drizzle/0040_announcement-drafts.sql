CREATE TABLE "announcement_draft" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"agent_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_draft" ADD CONSTRAINT "announcement_draft_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_draft_community_idx" ON "announcement_draft" USING btree ("community_id","created_at");