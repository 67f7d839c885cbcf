CREATE TABLE "domain_event" (
	"position" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_event_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx_id" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"type" text NOT NULL,
	"community_id" text NOT NULL,
	"actor_id" text,
	"subject_id" text,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_subscriber" (
	"name" text PRIMARY KEY NOT NULL,
	"tx_id" bigint DEFAULT 0 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_object" DROP CONSTRAINT "storage_object_community_id_community_id_fk";
--> statement-breakpoint
CREATE INDEX "domain_event_order_idx" ON "domain_event" USING btree ("tx_id","position");--> statement-breakpoint
CREATE INDEX "domain_event_subject_idx" ON "domain_event" USING btree ("subject_id","tx_id","position") WHERE "domain_event"."subject_id" is not null;--> statement-breakpoint
CREATE INDEX "domain_event_community_idx" ON "domain_event" USING btree ("community_id","tx_id","position");--> statement-breakpoint
INSERT INTO "domain_event" ("type", "community_id", "actor_id", "payload", "occurred_at")
SELECT
	CASE WHEN "action" = 'event.updated' THEN 'event.changed' ELSE "action" END,
	"community_id",
	"actor_id",
	CASE
		WHEN "action" = 'community.created' THEN jsonb_build_object('after', coalesce("after", '{}'::jsonb))
		WHEN "action" = 'community.updated' THEN jsonb_build_object('before', coalesce("before", '{}'::jsonb), 'after', coalesce("after", '{}'::jsonb))
		WHEN "action" = 'event.created' THEN jsonb_build_object('eventId', substr("target", 7), 'title', coalesce("after"->>'title', ''))
			|| CASE WHEN "after" ? 'duplicatedFrom' THEN jsonb_build_object('duplicatedFrom', "after"->>'duplicatedFrom') ELSE '{}'::jsonb END
		WHEN "action" = 'event.published' THEN jsonb_build_object('eventId', substr("target", 7))
			|| CASE WHEN "after" ? 'title' THEN jsonb_build_object('title', "after"->>'title') ELSE '{}'::jsonb END
		WHEN "action" = 'event.updated' THEN jsonb_build_object('eventId', substr("target", 7), 'before', coalesce("before", '{}'::jsonb), 'after', coalesce("after", '{}'::jsonb))
		WHEN "action" = 'event.canceled' THEN jsonb_build_object('eventId', substr("target", 7))
		ELSE jsonb_build_object('target', "target", 'before', "before", 'after', "after")
	END,
	"at"
FROM "audit_entry"
ORDER BY "at", "id";
--> statement-breakpoint
INSERT INTO "log_subscriber" ("name", "tx_id", "position")
SELECT "subscriber"."name", max("domain_event"."tx_id"), max("domain_event"."position")
FROM "domain_event", (VALUES ('notifications'), ('files')) AS "subscriber"("name")
GROUP BY "subscriber"."name";
--> statement-breakpoint
DROP TABLE "audit_entry";
