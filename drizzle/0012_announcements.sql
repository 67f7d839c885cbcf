CREATE TABLE "announcement" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone NOT NULL,
	"recipient_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "email_announcements" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_community_sent_idx" ON "announcement" USING btree ("community_id","sent_at");