-- Registrants are the community's people (docs/decisions/028-registrants-are-people.md).
-- The member search reads a registrant's typed name while their account has none of its own.
CREATE OR REPLACE FUNCTION "membership_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT left(lower(coalesce(nullif(u."name", ''), NEW."guest_name", '') || E'\n' || u."email"), 600)
		INTO NEW."search_text" FROM "user" AS u WHERE u."id" = NEW."user_id";
	RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER "membership_search_text_fill" ON "membership";
--> statement-breakpoint
CREATE TRIGGER "membership_search_text_fill" BEFORE INSERT OR UPDATE OF "user_id", "search_text", "guest_name" ON "membership"
	FOR EACH ROW EXECUTE FUNCTION "membership_search_text_fill"();
--> statement-breakpoint
-- Whoever becomes an active member gets announcements, as every new member does; a person's choice
-- (the registration form's box) held only while they were not one. Every joining path keeps this.
CREATE FUNCTION "membership_announcements_on_joining"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."email_announcements" := true;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "membership_announcements_on_joining" BEFORE UPDATE OF "status" ON "membership"
	FOR EACH ROW WHEN (OLD."status" IN ('person', 'pending') AND NEW."status" = 'active')
	EXECUTE FUNCTION "membership_announcements_on_joining"();
--> statement-breakpoint
-- Past registrants without a membership become people, known since their first registration.
INSERT INTO "membership" ("id", "community_id", "user_id", "role", "status", "source", "joined_at", "last_active_at",
	"email_announcements", "guest_name")
SELECT gen_random_uuid()::text, r."community_id", r."user_id", 'member', 'person', 'event', r."first_at", r."last_at",
	false, r."guest_name"
FROM (
	SELECT e."community_id", reg."user_id", min(reg."created_at") AS "first_at",
		max(greatest(reg."created_at", coalesce(reg."checked_in_at", reg."created_at"))) AS "last_at",
		(array_agg(reg."guest_name" ORDER BY reg."created_at" DESC) FILTER (WHERE reg."guest_name" IS NOT NULL))[1] AS "guest_name"
	FROM "registration" AS reg
	JOIN "event" AS e ON e."id" = reg."event_id"
	JOIN "user" AS u ON u."id" = reg."user_id" AND u."deleted_at" IS NULL
	GROUP BY e."community_id", reg."user_id"
) AS r
WHERE NOT EXISTS (
	SELECT 1 FROM "membership" AS m WHERE m."community_id" = r."community_id" AND m."user_id" = r."user_id"
);
--> statement-breakpoint
-- Their counters, from what the members subscriber already knows of everyone who registered.
UPDATE "membership" AS m SET "events_registered" = a."registered", "events_attended" = a."attended",
	"check_ins" = a."check_ins"
FROM (
	SELECT "community_id", "user_id",
		count(*) FILTER (WHERE "registration_status" IN ('going', 'waitlisted', 'pending'))::int AS "registered",
		count(*) FILTER (WHERE "checked_in" OR "went")::int AS "attended",
		count(*) FILTER (WHERE "checked_in")::int AS "check_ins"
	FROM "member_activity" GROUP BY "community_id", "user_id"
) AS a
WHERE m."status" = 'person' AND m."community_id" = a."community_id" AND m."user_id" = a."user_id";
--> statement-breakpoint
UPDATE "member_activity" AS a SET "ended_at" = e."ends_at"
FROM "event" AS e WHERE e."id" = a."event_id" AND a."went" AND a."ended_at" IS NULL;
