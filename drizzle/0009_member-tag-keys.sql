-- A member's tags, each prefixed with the community's id: the tag filter's GIN index is keyed by
-- these, so "vip" in one community is a different key from "vip" in every other community. The
-- unit separator only narrows the index scan; queries still check community_id and tags themselves.
CREATE FUNCTION "member_tag_keys"("community_id" text, "tags" text[]) RETURNS text[]
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN array(SELECT "community_id" || chr(31) || "tag" FROM unnest("tags") AS "tag");
--> statement-breakpoint
DROP INDEX "membership_community_tags_idx";--> statement-breakpoint
CREATE INDEX "membership_tag_keys_idx" ON "membership" USING gin (member_tag_keys("community_id", "tags"));
--> statement-breakpoint
-- Statistics of the new expression, so the planner sees how selective a tag key is from the start.
ANALYZE "membership";
--> statement-breakpoint
-- The member table's reads are short keyset walks and probes; a parallel plan (chosen for a page
-- of a large community) only adds worker start-up and, on a busy server, waits for a free core.
ALTER TABLE "membership" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "user" SET (parallel_workers = 0);
