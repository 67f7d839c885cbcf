-- Member imports added members without moving the community's member count: it is set again from
-- the active memberships that the trigger-kept `member_count` table counts.
UPDATE "community" AS c SET "member_count" = coalesce(
	(SELECT n."members" FROM "member_count" AS n WHERE n."community_id" = c."id" AND n."status" = 'active'),
	0
);
