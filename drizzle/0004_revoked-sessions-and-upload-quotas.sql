CREATE TABLE "revoked_session" (
	"session_id" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_upload" (
	"id" text PRIMARY KEY NOT NULL,
	"uploader_id" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_upload" ADD CONSTRAINT "pending_upload_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_session_revoked_at_idx" ON "revoked_session" USING btree ("revoked_at");--> statement-breakpoint
CREATE INDEX "pending_upload_uploader_idx" ON "pending_upload" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "storage_object_owner_idx" ON "storage_object" USING btree ("owner_id");