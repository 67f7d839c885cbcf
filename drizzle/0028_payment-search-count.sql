-- Payments per community and search text (docs/decisions/018): a payer pays under the same name and
-- address again and again, so whether a search matches more than a thousand payments is told from
-- the matching texts and their counts, a tenth as many rows to test as the payments themselves. The
-- same keys as `payment_search_keys_idx` find the texts; statement-level triggers keep the counts,
-- and a text no payment holds any more loses its row.
CREATE TABLE "payment_search_count" (
	"community_id" text NOT NULL,
	"search_text" text NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "payment_search_count_community_id_search_text_pk" PRIMARY KEY("community_id","search_text")
);
--> statement-breakpoint
ALTER TABLE "payment_search_count" ADD CONSTRAINT "payment_search_count_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "payment_search_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Fires after the count rows' triggers and before the totals' (triggers of one event fire in name
	-- order), so every writer locks count rows, then search texts, then hours, then days.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_search_count" ("community_id", "search_text", "payments")
		SELECT "community_id", "search_text", count(*)::int FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("community_id", "search_text") DO UPDATE
			SET "payments" = "payment_search_count"."payments" + excluded."payments";
	ELSIF TG_OP = 'DELETE' THEN
		-- Deletes and updates, never inserts: when the community itself is being deleted its rows may
		-- be gone already.
		DELETE FROM "payment_search_count" AS c
		USING (SELECT "community_id", "search_text", count(*)::int AS n FROM "old_rows" GROUP BY 1, 2) AS d
		WHERE c."community_id" = d."community_id" AND c."search_text" = d."search_text" AND c."payments" <= d.n;
		UPDATE "payment_search_count" AS c SET "payments" = c."payments" - d.n
		FROM (SELECT "community_id", "search_text", count(*)::int AS n FROM "old_rows" GROUP BY 1, 2) AS d
		WHERE c."community_id" = d."community_id" AND c."search_text" = d."search_text";
	ELSE
		-- Only a new name or address (a payer's account deleted) moves a count; other updates leave
		-- the rows unlocked.
		INSERT INTO "payment_search_count" ("community_id", "search_text", "payments")
		SELECT "community_id", "search_text", sum(n)::int FROM (
			SELECT "community_id", "search_text", -1 AS n FROM "old_rows"
			UNION ALL SELECT "community_id", "search_text", 1 AS n FROM "new_rows"
		) AS moved GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
		ON CONFLICT ("community_id", "search_text") DO UPDATE
			SET "payments" = "payment_search_count"."payments" + excluded."payments";
		IF FOUND THEN
			DELETE FROM "payment_search_count" AS c
			USING (SELECT DISTINCT "community_id", "search_text" FROM "old_rows") AS d
			WHERE c."community_id" = d."community_id" AND c."search_text" = d."search_text" AND c."payments" <= 0;
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_search_count_insert" AFTER INSERT ON "payment"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_search_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_search_count_update" AFTER UPDATE ON "payment"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_search_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_search_count_delete" AFTER DELETE ON "payment"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_search_count_apply"();
--> statement-breakpoint
-- Payments written while the counts are filled would be missed: writers wait for the migration.
LOCK TABLE "payment" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "payment_search_count" ("community_id", "search_text", "payments")
SELECT "community_id", "search_text", count(*)::int FROM "payment" GROUP BY 1, 2;
--> statement-breakpoint
CREATE INDEX "payment_search_count_keys_idx" ON "payment_search_count" USING gin (payment_search_keys("community_id", "search_text"));
--> statement-breakpoint
ANALYZE "payment_search_count";
