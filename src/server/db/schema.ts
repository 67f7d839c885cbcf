export * from "#server/modules/audit/audit.tables.ts";
export * from "#server/modules/auth/auth.tables.ts";
export * from "#server/modules/communities/communities.tables.ts";
export * from "#server/modules/events/events.tables.ts";
export * from "#server/modules/files/files.tables.ts";
export * from "#server/modules/members/members.tables.ts";
export * from "#server/modules/notifications/notifications.tables.ts";
export * from "#server/modules/users/users.tables.ts";
