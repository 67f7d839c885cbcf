-- The member search reads the membership row alone (docs/decisions/012): the person's name and
-- e-mail, one per line and in lower case (so LIKE can stand in for the slower ILIKE), copied onto
-- each of their memberships and kept by the triggers below. At most 600 characters (2,400 bytes),
-- so the sort indexes that carry it (migration 0016) never meet btree's limit on an entry's size.
ALTER TABLE "membership" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "membership" AS m SET "search_text" = left(lower(u."name" || E'\n' || u."email"), 600) FROM "user" AS u WHERE u."id" = m."user_id";
--> statement-breakpoint
-- The trigrams of three ASCII letters or digits in `search_text`, each prefixed with a hash of the
-- community's id, as member_tag_keys does for tags: a search reads the posting lists of its
-- trigrams in its own community only. Every trigram of a search's ASCII runs is one of these keys
-- of any text containing the search, so `@>` never drops a match; queries still check LIKE.
CREATE FUNCTION "member_search_keys"("community_id" text, "search_text" text) RETURNS text[]
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN array(
		SELECT DISTINCT left(md5("community_id"), 8) || "trigram"
		FROM unnest(show_trgm("search_text")) AS "trigram"
		WHERE "trigram" ~ '^[a-z0-9]{3}$'
	);
--> statement-breakpoint
CREATE INDEX "membership_search_keys_idx" ON "membership" USING gin (member_search_keys("community_id", "search_text"));
--> statement-breakpoint
CREATE FUNCTION "membership_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT left(lower(u."name" || E'\n' || u."email"), 600) INTO NEW."search_text" FROM "user" AS u WHERE u."id" = NEW."user_id";
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "membership_search_text_fill" BEFORE INSERT OR UPDATE OF "user_id", "search_text" ON "membership"
	FOR EACH ROW EXECUTE FUNCTION "membership_search_text_fill"();
--> statement-breakpoint
CREATE FUNCTION "user_search_text_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- The membership trigger reads the person again and writes the same text.
	UPDATE "membership" SET "search_text" = left(lower(NEW."name" || E'\n' || NEW."email"), 600) WHERE "user_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_search_text_follow" AFTER UPDATE OF "name", "email" ON "user"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
	EXECUTE FUNCTION "user_search_text_follow"();
--> statement-breakpoint
-- Statistics of the new expression, so the planner sees how selective a search key is from the start.
ANALYZE "membership";
