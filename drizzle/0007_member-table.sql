CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "member_activity" (
	"community_id" text NOT NULL,
	"user_id" text NOT NULL,
	"event_id" text NOT NULL,
	"registration_status" text NOT NULL,
	"checked_in" boolean DEFAULT false NOT NULL,
	"went" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_activity_community_id_user_id_event_id_pk" PRIMARY KEY("community_id","user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "member_count" (
	"community_id" text NOT NULL,
	"status" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_count_community_id_status_pk" PRIMARY KEY("community_id","status")
);
--> statement-breakpoint
CREATE TABLE "member_segment" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "events_registered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "events_attended" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "check_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "member_count" ADD CONSTRAINT "member_count_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_segment" ADD CONSTRAINT "member_segment_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_segment" ADD CONSTRAINT "member_segment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_activity_event_idx" ON "member_activity" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_segment_community_name_idx" ON "member_segment" USING btree ("community_id","name");--> statement-breakpoint
CREATE INDEX "membership_community_joined_idx" ON "membership" USING btree ("community_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "membership_community_attended_idx" ON "membership" USING btree ("community_id","events_attended","id");--> statement-breakpoint
CREATE INDEX "membership_community_check_ins_idx" ON "membership" USING btree ("community_id","check_ins","id");--> statement-breakpoint
CREATE INDEX "membership_community_active_idx" ON "membership" USING btree ("community_id","last_active_at","id");--> statement-breakpoint
CREATE INDEX "membership_community_tags_idx" ON "membership" USING gin ("community_id","tags");--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_sort_name_idx" ON "user" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "member_activity_unsettled_idx" ON "member_activity" USING btree ("event_id") WHERE "member_activity"."registration_status" = 'going' and not "member_activity"."went";--> statement-breakpoint
CREATE FUNCTION "member_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "member_count" ("community_id", "status", "members")
		SELECT "community_id", "status", count(*)::int FROM "new_rows" GROUP BY 1, 2
		ON CONFLICT ("community_id", "status") DO UPDATE SET "members" = "member_count"."members" + excluded."members";
	ELSIF TG_OP = 'DELETE' THEN
		-- An update, not an upsert: when the community itself is being deleted its counts are already gone.
		UPDATE "member_count" AS c SET "members" = c."members" - d.n
		FROM (SELECT "community_id", "status", count(*)::int AS n FROM "old_rows" GROUP BY 1, 2) AS d
		WHERE c."community_id" = d."community_id" AND c."status" = d."status";
	ELSE
		-- Only a change of status moves a count; other updates leave the counter row unlocked.
		INSERT INTO "member_count" ("community_id", "status", "members")
		SELECT "community_id", "status", sum(n)::int FROM (
			SELECT "community_id", "status", -1 AS n FROM "old_rows"
			UNION ALL SELECT "community_id", "status", 1 AS n FROM "new_rows"
		) AS moved GROUP BY 1, 2 HAVING sum(n) <> 0
		ON CONFLICT ("community_id", "status") DO UPDATE SET "members" = "member_count"."members" + excluded."members";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_count_insert" AFTER INSERT ON "membership"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "member_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "member_count_update" AFTER UPDATE ON "membership"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "member_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "member_count_delete" AFTER DELETE ON "membership"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "member_count_apply"();
--> statement-breakpoint
INSERT INTO "member_count" ("community_id", "status", "members")
SELECT "community_id", "status", count(*)::int FROM "membership" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "member_activity" ("community_id", "user_id", "event_id", "registration_status", "checked_in", "went")
SELECT e."community_id", r."user_id", r."event_id", r."status", r."checked_in_at" IS NOT NULL,
	r."status" = 'going' AND e."ends_at" <= now()
FROM "registration" AS r JOIN "event" AS e ON e."id" = r."event_id";
--> statement-breakpoint
UPDATE "membership" AS m SET
	"events_registered" = a.registered,
	"events_attended" = a.attended,
	"check_ins" = a.check_ins
FROM (
	SELECT "community_id", "user_id",
		count(*) FILTER (WHERE "registration_status" IN ('going', 'waitlisted', 'pending'))::int AS registered,
		count(*) FILTER (WHERE "checked_in" OR "went")::int AS attended,
		count(*) FILTER (WHERE "checked_in")::int AS check_ins
	FROM "member_activity" GROUP BY 1, 2
) AS a
WHERE m."community_id" = a."community_id" AND m."user_id" = a."user_id";
--> statement-breakpoint
UPDATE "membership" AS m SET "last_active_at" = greatest(m."joined_at", a.latest)
FROM (
	SELECT e."community_id", r."user_id", max(greatest(r."created_at", r."checked_in_at")) AS latest
	FROM "registration" AS r JOIN "event" AS e ON e."id" = r."event_id" GROUP BY 1, 2
) AS a
WHERE m."community_id" = a."community_id" AND m."user_id" = a."user_id";
--> statement-breakpoint
UPDATE "membership" SET "last_active_at" = "joined_at" WHERE "last_active_at" > "joined_at" AND NOT EXISTS (
	SELECT 1 FROM "registration" AS r JOIN "event" AS e ON e."id" = r."event_id"
	WHERE e."community_id" = "membership"."community_id" AND r."user_id" = "membership"."user_id"
);
--> statement-breakpoint
INSERT INTO "log_subscriber" ("name", "tx_id", "position")
SELECT 'members', max("tx_id"), max("position") FROM "domain_event" HAVING count(*) > 0;
