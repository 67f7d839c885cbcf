export * from "../modules/audit/audit.tables.ts";
export * from "../modules/auth/auth.tables.ts";
export * from "../modules/communities/communities.tables.ts";
export * from "../modules/events/events.tables.ts";
export * from "../modules/files/files.tables.ts";
export * from "../modules/notifications/notifications.tables.ts";
