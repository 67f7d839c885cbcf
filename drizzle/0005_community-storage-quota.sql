CREATE TABLE "community_storage_quota" (
	"community_id" text PRIMARY KEY NOT NULL,
	"quota_bytes" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_storage_quota" ADD CONSTRAINT "community_storage_quota_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Quotas set by hand move with their communities; the rest take files' default (1 GiB).
INSERT INTO "community_storage_quota" ("community_id", "quota_bytes") SELECT "id", "storage_quota_bytes" FROM "community" WHERE "storage_quota_bytes" <> 1073741824;--> statement-breakpoint
ALTER TABLE "community" DROP COLUMN "storage_quota_bytes";