CREATE TABLE "registration_digest" (
	"user_id" text NOT NULL,
	"community_id" text NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_digest_user_id_community_id_pk" PRIMARY KEY("user_id","community_id")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "require_verified_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "registration_digest" ADD CONSTRAINT "registration_digest_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_digest" ADD CONSTRAINT "registration_digest_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_digest_due_idx" ON "registration_digest" USING btree ("covered_until");--> statement-breakpoint
UPDATE "event" SET "require_verified_email" = true WHERE "visibility" = 'members' OR "approval_required";
