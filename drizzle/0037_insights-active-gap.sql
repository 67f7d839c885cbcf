CREATE TABLE "insights_active_gap" (
	"community_id" text NOT NULL,
	"day" date NOT NULL,
	"previous_day" date NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "insights_active_gap_community_id_day_previous_day_pk" PRIMARY KEY("community_id","day","previous_day") INCLUDE ("people")
);
--> statement-breakpoint
-- The key carries the count so the active-people reads are index-only scans; the rollup starts
-- from the active days already kept, so an existing database reads right from this migration on.
INSERT INTO "insights_active_gap" ("community_id", "day", "previous_day", "people")
SELECT "community_id", "day", coalesce("previous_day", '-infinity'::date), count(*)
FROM "insights_active_day"
GROUP BY 1, 2, 3;
