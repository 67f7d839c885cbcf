CREATE TABLE "community_follower" (
	"community_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_follower_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "guest_list_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "community_follower" ADD CONSTRAINT "community_follower_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_follower" ADD CONSTRAINT "community_follower_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_follower_user_idx" ON "community_follower" USING btree ("user_id");