CREATE TABLE "membership_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"members_only_events" boolean NOT NULL,
	"member_prices" boolean NOT NULL,
	"approval_required" boolean NOT NULL,
	"archived_at" timestamp with time zone,
	"position" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_plan_price_check" CHECK ("membership_plan"."price_minor" between 0 and 99999999 and (("membership_plan"."interval" = 'free') = ("membership_plan"."price_minor" = 0)))
);
--> statement-breakpoint
CREATE TABLE "member_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"stripe_account" text,
	"checkout_session_id" text,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"current_period_end" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_subscription_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "member_subscription_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "community" ADD COLUMN "plans_offered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "plan_status" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "plan_benefits" text[];--> statement-breakpoint
ALTER TABLE "membership_plan" ADD CONSTRAINT "membership_plan_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD CONSTRAINT "membership_plan_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_subscription" ADD CONSTRAINT "member_subscription_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_subscription" ADD CONSTRAINT "member_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_subscription" ADD CONSTRAINT "member_subscription_plan_id_membership_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_plan_community_idx" ON "membership_plan" USING btree ("community_id","position");--> statement-breakpoint
CREATE INDEX "member_subscription_person_idx" ON "member_subscription" USING btree ("community_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "member_subscription_user_idx" ON "member_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_subscription_open_checkout_idx" ON "member_subscription" USING btree ("community_id","user_id") WHERE "member_subscription"."status" = 'checkout';--> statement-breakpoint
CREATE INDEX "membership_community_plan_idx" ON "membership" USING btree ("community_id","plan_id","joined_at","id") WHERE "membership"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "membership_community_plan_status_idx" ON "membership" USING btree ("community_id","plan_status","joined_at","id") WHERE "membership"."plan_status" is not null;