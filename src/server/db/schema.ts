export * from "../modules/auth/auth.tables.ts";
export * from "../modules/communities/communities.tables.ts";
