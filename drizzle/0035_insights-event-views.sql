CREATE TABLE "insights_event_views" (
	"event_id" text NOT NULL,
	"community_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_event_views_event_id_day_pk" PRIMARY KEY("event_id","day")
);
