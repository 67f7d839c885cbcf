CREATE TABLE "payment" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"payer_user_id" text,
	"payer_name" text NOT NULL,
	"payer_email" text,
	"purpose" text NOT NULL,
	"event_id" text,
	"registration_id" text,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	"created_by" text,
	CONSTRAINT "payment_amount_positive" CHECK ("payment"."amount_minor" > 0),
	CONSTRAINT "payment_fee_in_amount" CHECK ("payment"."fee_minor" >= 0 and "payment"."fee_minor" <= "payment"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "payment_count" (
	"community_id" text NOT NULL,
	"status" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_count_community_id_status_pk" PRIMARY KEY("community_id","status")
);
--> statement-breakpoint
CREATE TABLE "payment_daily_totals" (
	"community_id" text NOT NULL,
	"currency" text NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"day" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_daily_totals_community_id_day_currency_pk" PRIMARY KEY("community_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "payment_hourly_totals" (
	"community_id" text NOT NULL,
	"currency" text NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_hourly_totals_community_id_hour_currency_pk" PRIMARY KEY("community_id","hour","currency")
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"community_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_refund_amount_positive" CHECK ("payment_refund"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_payer_user_id_user_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_registration_id_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registration"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_count" ADD CONSTRAINT "payment_count_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_daily_totals" ADD CONSTRAINT "payment_daily_totals_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_hourly_totals" ADD CONSTRAINT "payment_hourly_totals_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_ref_idx" ON "payment" USING btree ("method","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_community_created_idx" ON "payment" USING btree ("community_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_community_status_idx" ON "payment" USING btree ("community_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_community_purpose_idx" ON "payment" USING btree ("community_id","purpose","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_community_event_idx" ON "payment" USING btree ("community_id","event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_registration_idx" ON "payment" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "payment_payer_idx" ON "payment" USING btree ("payer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_payer_name_trgm_idx" ON "payment" USING gin ("payer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_payer_email_trgm_idx" ON "payment" USING gin ("payer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_community_succeeded_idx" ON "payment" USING btree ("community_id","succeeded_at") WHERE "payment"."succeeded_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_provider_ref_idx" ON "payment_refund" USING btree ("method","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_refund_payment_idx" ON "payment_refund" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refund_community_created_idx" ON "payment_refund" USING btree ("community_id","created_at");
--> statement-breakpoint
ALTER TABLE "payment" SET (parallel_workers = 0);--> statement-breakpoint
CREATE FUNCTION "payment_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A payment counts (gross, fee, one payment) in the UTC hour it succeeded, from then on even
	-- once refunded: refunds are counted on their own rows. Rows are upserted in key order so two
	-- statements never wait for each other's rows the other way round.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_hourly_totals" ("community_id", "hour", "currency", "gross_minor", "fee_minor", "payments")
		SELECT "community_id", date_trunc('hour', "succeeded_at", 'UTC'), "currency", sum("amount_minor"), sum("fee_minor"), count(*)::int
		FROM "new_rows"
		WHERE "succeeded_at" IS NOT NULL AND "status" IN ('succeeded', 'refunded', 'partially_refunded')
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("community_id", "hour", "currency") DO UPDATE SET
			"gross_minor" = "payment_hourly_totals"."gross_minor" + excluded."gross_minor",
			"fee_minor" = "payment_hourly_totals"."fee_minor" + excluded."fee_minor",
			"payments" = "payment_hourly_totals"."payments" + excluded."payments";
	ELSIF TG_OP = 'DELETE' THEN
		-- An update, not an upsert: when the community itself is being deleted its totals are already gone.
		UPDATE "payment_hourly_totals" AS t SET
			"gross_minor" = t."gross_minor" - d.gross, "fee_minor" = t."fee_minor" - d.fee, "payments" = t."payments" - d.n
		FROM (
			SELECT "community_id", date_trunc('hour', "succeeded_at", 'UTC') AS "hour", "currency",
				sum("amount_minor") AS gross, sum("fee_minor") AS fee, count(*)::int AS n
			FROM "old_rows"
			WHERE "succeeded_at" IS NOT NULL AND "status" IN ('succeeded', 'refunded', 'partially_refunded')
			GROUP BY 1, 2, 3
		) AS d
		WHERE t."community_id" = d."community_id" AND t."hour" = d."hour" AND t."currency" = d."currency";
	ELSE
		-- Only a change that moves money (succeeding, a fee learnt later) touches a totals row.
		INSERT INTO "payment_hourly_totals" ("community_id", "hour", "currency", "gross_minor", "fee_minor", "payments")
		SELECT "community_id", "hour", "currency", sum(gross), sum(fee), sum(n)::int FROM (
			SELECT "community_id", date_trunc('hour', "succeeded_at", 'UTC') AS "hour", "currency",
				-"amount_minor" AS gross, -"fee_minor" AS fee, -1 AS n
			FROM "old_rows"
			WHERE "succeeded_at" IS NOT NULL AND "status" IN ('succeeded', 'refunded', 'partially_refunded')
			UNION ALL
			SELECT "community_id", date_trunc('hour', "succeeded_at", 'UTC'), "currency", "amount_minor", "fee_minor", 1
			FROM "new_rows"
			WHERE "succeeded_at" IS NOT NULL AND "status" IN ('succeeded', 'refunded', 'partially_refunded')
		) AS moved
		GROUP BY 1, 2, 3 HAVING sum(gross) <> 0 OR sum(fee) <> 0 OR sum(n) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT ("community_id", "hour", "currency") DO UPDATE SET
			"gross_minor" = "payment_hourly_totals"."gross_minor" + excluded."gross_minor",
			"fee_minor" = "payment_hourly_totals"."fee_minor" + excluded."fee_minor",
			"payments" = "payment_hourly_totals"."payments" + excluded."payments";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_totals_insert" AFTER INSERT ON "payment"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_totals_update" AFTER UPDATE ON "payment"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_totals_delete" AFTER DELETE ON "payment"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_apply"();
--> statement-breakpoint
CREATE FUNCTION "payment_refund_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A refund counts in the UTC hour it was made, whenever its payment succeeded.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_hourly_totals" ("community_id", "hour", "currency", "refunded_minor", "refunds")
		SELECT "community_id", date_trunc('hour', "created_at", 'UTC'), "currency", sum("amount_minor"), count(*)::int
		FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("community_id", "hour", "currency") DO UPDATE SET
			"refunded_minor" = "payment_hourly_totals"."refunded_minor" + excluded."refunded_minor",
			"refunds" = "payment_hourly_totals"."refunds" + excluded."refunds";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "payment_hourly_totals" AS t SET "refunded_minor" = t."refunded_minor" - d.refunded, "refunds" = t."refunds" - d.n
		FROM (
			SELECT "community_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "currency",
				sum("amount_minor") AS refunded, count(*)::int AS n
			FROM "old_rows" GROUP BY 1, 2, 3
		) AS d
		WHERE t."community_id" = d."community_id" AND t."hour" = d."hour" AND t."currency" = d."currency";
	ELSE
		INSERT INTO "payment_hourly_totals" ("community_id", "hour", "currency", "refunded_minor", "refunds")
		SELECT "community_id", "hour", "currency", sum(refunded), sum(n)::int FROM (
			SELECT "community_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "currency", -"amount_minor" AS refunded, -1 AS n
			FROM "old_rows"
			UNION ALL
			SELECT "community_id", date_trunc('hour', "created_at", 'UTC'), "currency", "amount_minor", 1 FROM "new_rows"
		) AS moved
		GROUP BY 1, 2, 3 HAVING sum(refunded) <> 0 OR sum(n) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT ("community_id", "hour", "currency") DO UPDATE SET
			"refunded_minor" = "payment_hourly_totals"."refunded_minor" + excluded."refunded_minor",
			"refunds" = "payment_hourly_totals"."refunds" + excluded."refunds";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_refund_totals_insert" AFTER INSERT ON "payment_refund"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_refund_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_refund_totals_update" AFTER UPDATE ON "payment_refund"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_refund_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_refund_totals_delete" AFTER DELETE ON "payment_refund"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_refund_totals_apply"();
--> statement-breakpoint
CREATE FUNCTION "payment_daily_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Whatever moved an hour moves its UTC day by the same amounts, in key order like the hours.
	INSERT INTO "payment_daily_totals" ("community_id", "day", "currency", "gross_minor", "fee_minor", "refunded_minor", "payments", "refunds")
	SELECT "community_id", "day", "currency", sum(gross), sum(fee), sum(refunded), sum(payments)::int, sum(refunds)::int FROM (
		SELECT "community_id", date_trunc('day', "hour", 'UTC') AS "day", "currency",
			"gross_minor" AS gross, "fee_minor" AS fee, "refunded_minor" AS refunded, "payments", "refunds"
		FROM "new_rows"
		UNION ALL
		SELECT "community_id", date_trunc('day', "hour", 'UTC'), "currency",
			-"gross_minor", -"fee_minor", -"refunded_minor", -"payments", -"refunds"
		FROM "old_rows"
	) AS moved
	GROUP BY 1, 2, 3 HAVING sum(gross) <> 0 OR sum(fee) <> 0 OR sum(refunded) <> 0 OR sum(payments) <> 0 OR sum(refunds) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ("community_id", "day", "currency") DO UPDATE SET
		"gross_minor" = "payment_daily_totals"."gross_minor" + excluded."gross_minor",
		"fee_minor" = "payment_daily_totals"."fee_minor" + excluded."fee_minor",
		"refunded_minor" = "payment_daily_totals"."refunded_minor" + excluded."refunded_minor",
		"payments" = "payment_daily_totals"."payments" + excluded."payments",
		"refunds" = "payment_daily_totals"."refunds" + excluded."refunds";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "payment_daily_totals_insert_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "payment_daily_totals" ("community_id", "day", "currency", "gross_minor", "fee_minor", "refunded_minor", "payments", "refunds")
	SELECT "community_id", date_trunc('day', "hour", 'UTC'), "currency", sum("gross_minor"), sum("fee_minor"),
		sum("refunded_minor"), sum("payments")::int, sum("refunds")::int
	FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT ("community_id", "day", "currency") DO UPDATE SET
		"gross_minor" = "payment_daily_totals"."gross_minor" + excluded."gross_minor",
		"fee_minor" = "payment_daily_totals"."fee_minor" + excluded."fee_minor",
		"refunded_minor" = "payment_daily_totals"."refunded_minor" + excluded."refunded_minor",
		"payments" = "payment_daily_totals"."payments" + excluded."payments",
		"refunds" = "payment_daily_totals"."refunds" + excluded."refunds";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_daily_totals_insert" AFTER INSERT ON "payment_hourly_totals"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_daily_totals_insert_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_daily_totals_update" AFTER UPDATE ON "payment_hourly_totals"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_daily_totals_apply"();
--> statement-breakpoint
CREATE FUNCTION "payment_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Fires before the totals' triggers (triggers of one event fire in name order), so every writer
	-- locks the count rows, then the hours, then the days, each in key order.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_count" ("community_id", "status", "payments")
		SELECT "community_id", "status", count(*)::int FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("community_id", "status") DO UPDATE SET "payments" = "payment_count"."payments" + excluded."payments";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "payment_count" AS c SET "payments" = c."payments" - d.n
		FROM (SELECT "community_id", "status", count(*)::int AS n FROM "old_rows" GROUP BY 1, 2) AS d
		WHERE c."community_id" = d."community_id" AND c."status" = d."status";
	ELSE
		INSERT INTO "payment_count" ("community_id", "status", "payments")
		SELECT "community_id", "status", sum(n)::int FROM (
			SELECT "community_id", "status", -1 AS n FROM "old_rows"
			UNION ALL SELECT "community_id", "status", 1 AS n FROM "new_rows"
		) AS moved GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
		ON CONFLICT ("community_id", "status") DO UPDATE SET "payments" = "payment_count"."payments" + excluded."payments";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_count_insert" AFTER INSERT ON "payment"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_count_update" AFTER UPDATE ON "payment"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "payment_count_delete" AFTER DELETE ON "payment"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_count_apply"();
