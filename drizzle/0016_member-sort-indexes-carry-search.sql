-- The sort indexes carry the search text (migration 0014) as a last key column: a search that walks
-- the community in sort order filters on the index alone, reading no table rows until its page.
DROP INDEX "membership_community_joined_idx";--> statement-breakpoint
DROP INDEX "membership_community_attended_idx";--> statement-breakpoint
DROP INDEX "membership_community_check_ins_idx";--> statement-breakpoint
DROP INDEX "membership_community_active_idx";--> statement-breakpoint
CREATE INDEX "membership_community_joined_idx" ON "membership" USING btree ("community_id","joined_at","id","search_text");--> statement-breakpoint
CREATE INDEX "membership_community_attended_idx" ON "membership" USING btree ("community_id","events_attended","id","search_text");--> statement-breakpoint
CREATE INDEX "membership_community_check_ins_idx" ON "membership" USING btree ("community_id","check_ins","id","search_text");--> statement-breakpoint
CREATE INDEX "membership_community_active_idx" ON "membership" USING btree ("community_id","last_active_at","id","search_text");