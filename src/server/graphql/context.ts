import type { Db } from "../db/client.ts";
import type { Viewer } from "../modules/communities/communities.policy.ts";

export type GraphQLContext = { db: Db; viewer: Viewer | null };
