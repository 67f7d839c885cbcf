CREATE TABLE "insights_active_count" (
	"community_id" text NOT NULL,
	"unit" text NOT NULL,
	"bucket" date NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_active_count_community_id_unit_bucket_pk" PRIMARY KEY("community_id","unit","bucket")
);
--> statement-breakpoint
CREATE TABLE "insights_active_day" (
	"community_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "insights_active_day_community_id_user_id_day_pk" PRIMARY KEY("community_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "insights_attendance" (
	"community_id" text NOT NULL,
	"user_id" text NOT NULL,
	"event_id" text NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "insights_attendance_community_id_user_id_event_id_pk" PRIMARY KEY("community_id","user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "insights_cohort" (
	"community_id" text NOT NULL,
	"cohort" date NOT NULL,
	"month" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_cohort_community_id_cohort_month_pk" PRIMARY KEY("community_id","cohort","month")
);
--> statement-breakpoint
CREATE TABLE "insights_member" (
	"community_id" text NOT NULL,
	"user_id" text NOT NULL,
	"first_joined_on" date NOT NULL,
	"joined_on" date,
	CONSTRAINT "insights_member_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "insights_member_day" (
	"community_id" text NOT NULL,
	"day" date NOT NULL,
	"origin" text NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"left" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_member_day_community_id_day_origin_pk" PRIMARY KEY("community_id","day","origin")
);
--> statement-breakpoint
CREATE TABLE "insights_registration_day" (
	"community_id" text NOT NULL,
	"day" date NOT NULL,
	"origin" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_registration_day_community_id_day_origin_pk" PRIMARY KEY("community_id","day","origin")
);
--> statement-breakpoint
CREATE TABLE "insights_revenue_day" (
	"community_id" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_revenue_day_community_id_day_currency_purpose_pk" PRIMARY KEY("community_id","day","currency","purpose")
);
--> statement-breakpoint
CREATE INDEX "insights_active_day_day_idx" ON "insights_active_day" USING btree ("community_id","day","user_id");--> statement-breakpoint
CREATE INDEX "insights_attendance_month_idx" ON "insights_attendance" USING btree ("community_id","user_id","month");