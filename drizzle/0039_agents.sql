CREATE TABLE "agent" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"name" text NOT NULL,
	"template" text,
	"definition" jsonb NOT NULL,
	"approval_mode" text NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"paused_reason" text,
	"enabled_at" timestamp with time zone,
	"scanned_until" timestamp with time zone,
	"webhook_secret" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_approval" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"run_id" text NOT NULL,
	"step_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_approval_step_id_unique" UNIQUE("step_id")
);
--> statement-breakpoint
CREATE TABLE "agent_dry_run" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"community_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"from" timestamp with time zone NOT NULL,
	"to" timestamp with time zone NOT NULL,
	"definition" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_message_day" (
	"agent_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_message_day_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_model_spend" (
	"community_id" text NOT NULL,
	"month" date NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_model_spend_community_id_month_pk" PRIMARY KEY("community_id","month")
);
--> statement-breakpoint
CREATE TABLE "agent_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"run_id" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_run" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"community_id" text NOT NULL,
	"trigger_key" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"subject_user_id" text,
	"event_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"plan" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"error" text,
	"messages_sent" integer DEFAULT 0 NOT NULL,
	"model_tokens" integer DEFAULT 0 NOT NULL,
	"model_cost_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
CREATE TABLE "agent_settings" (
	"community_id" text PRIMARY KEY NOT NULL,
	"model_budget_micros" bigint DEFAULT 5000000 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_step" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"index" integer NOT NULL,
	"kind" text NOT NULL,
	"input" jsonb NOT NULL,
	"output" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"undo" jsonb,
	"reversible" boolean DEFAULT false NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "agent_community_idx" ON "agent" USING btree ("community_id","status");--> statement-breakpoint
CREATE INDEX "agent_approval_pending_idx" ON "agent_approval" USING btree ("community_id","created_at") WHERE "agent_approval"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_dry_run_agent_idx" ON "agent_dry_run" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_notice_unread_idx" ON "agent_notice" USING btree ("community_id","created_at") WHERE "agent_notice"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_run_trigger_idx" ON "agent_run" USING btree ("agent_id","trigger_key");--> statement-breakpoint
CREATE INDEX "agent_run_due_idx" ON "agent_run" USING btree ("run_after") WHERE "agent_run"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "agent_run_agent_idx" ON "agent_run" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_run_community_idx" ON "agent_run" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_step_run_idx" ON "agent_step" USING btree ("run_id","index");