CREATE TABLE "promo_code" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"event_id" text,
	"ticket_type_id" text,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_minor" integer,
	"currency" text NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_one_discount_check" CHECK (("promo_code"."percent_off" is null) <> ("promo_code"."amount_off_minor" is null)),
	CONSTRAINT "promo_code_percent_check" CHECK ("promo_code"."percent_off" is null or "promo_code"."percent_off" between 1 and 100),
	CONSTRAINT "promo_code_amount_check" CHECK ("promo_code"."amount_off_minor" is null or "promo_code"."amount_off_minor" > 0),
	CONSTRAINT "promo_code_uses_check" CHECK ("promo_code"."uses" >= 0 and ("promo_code"."max_uses" is null or "promo_code"."max_uses" >= 1)),
	CONSTRAINT "promo_code_window_check" CHECK ("promo_code"."starts_at" is null or "promo_code"."expires_at" is null or "promo_code"."starts_at" < "promo_code"."expires_at")
);
--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "member_price_minor" integer;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_community_code_idx" ON "promo_code" USING btree ("community_id",lower("code"));--> statement-breakpoint
CREATE INDEX "promo_code_community_created_idx" ON "promo_code" USING btree ("community_id","created_at","id");--> statement-breakpoint
CREATE INDEX "promo_code_event_idx" ON "promo_code" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_price_check" CHECK ("ticket_type"."price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_member_price_check" CHECK ("ticket_type"."member_price_minor" is null or ("ticket_type"."member_price_minor" >= 0 and "ticket_type"."member_price_minor" <= "ticket_type"."price_minor"));--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_max_per_order_check" CHECK ("ticket_type"."max_per_order" between 1 and 50);--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_sales_window_check" CHECK ("ticket_type"."sales_start_at" is null or "ticket_type"."sales_end_at" is null or "ticket_type"."sales_start_at" < "ticket_type"."sales_end_at");