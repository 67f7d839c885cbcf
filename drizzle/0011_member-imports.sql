CREATE TABLE "member_import" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"created_by" text,
	"file_path" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"role" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer,
	"next_record" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"invited" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_import_email" (
	"import_id" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "member_import_email_import_id_email_pk" PRIMARY KEY("import_id","email")
);
--> statement-breakpoint
CREATE TABLE "member_import_rejection" (
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "member_import_rejection_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
ALTER TABLE "member_import" ADD CONSTRAINT "member_import_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import" ADD CONSTRAINT "member_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_email" ADD CONSTRAINT "member_import_email_import_id_member_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_import"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_rejection" ADD CONSTRAINT "member_import_rejection_import_id_member_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_import"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_import_community_idx" ON "member_import" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "member_import_open_idx" ON "member_import" USING btree ("created_at") WHERE "member_import"."status" in ('queued', 'running');