-- The payer search reads as the member search does (docs/decisions/018, 012): the payer's name and
-- address in lower case, one per line, kept by PostgreSQL itself (a generated column: both are the
-- payment's own and never change); the trigrams of its ASCII runs keyed by community in one GIN
-- index, so a search reads the posting lists of its own community only; and the newest-first index
-- carrying the text, so a search common enough to walk the community reads no rows until its page.
CREATE FUNCTION "payment_search_keys"("community_id" text, "search_text" text) RETURNS text[]
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN array(
		SELECT DISTINCT left(md5("community_id"), 8) || "trigram"
		FROM unnest(show_trgm("search_text")) AS "trigram"
		WHERE "trigram" ~ '^[a-z0-9]{3}$'
	);
--> statement-breakpoint
DROP INDEX "payment_payer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "payment_payer_email_trgm_idx";--> statement-breakpoint
DROP INDEX "payment_community_created_idx";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "search_text" text GENERATED ALWAYS AS (left(lower(payer_name || E'\n' || coalesce(payer_email, '')), 600)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_search_keys_idx" ON "payment" USING gin (payment_search_keys("community_id", "search_text"));--> statement-breakpoint
CREATE INDEX "payment_community_created_idx" ON "payment" USING btree ("community_id","created_at","id","search_text");
--> statement-breakpoint
ANALYZE "payment";
