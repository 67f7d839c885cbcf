CREATE TABLE "storage_object" (
	"id" text PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"full_path" text NOT NULL,
	"name" text NOT NULL,
	"community_id" text,
	"owner_id" text,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"md5_hash" text NOT NULL,
	"generation" bigint NOT NULL,
	"metageneration" integer DEFAULT 1 NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"download_tokens" text NOT NULL,
	"blob_key" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "community" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "community" ADD COLUMN "storage_quota_bytes" bigint DEFAULT 1073741824 NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_object" ADD CONSTRAINT "storage_object_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_object" ADD CONSTRAINT "storage_object_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entry" ADD CONSTRAINT "audit_entry_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entry" ADD CONSTRAINT "audit_entry_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_object_bucket_path_idx" ON "storage_object" USING btree ("bucket","full_path");--> statement-breakpoint
CREATE INDEX "storage_object_community_idx" ON "storage_object" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "audit_entry_community_at_idx" ON "audit_entry" USING btree ("community_id","at");