import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";

/** `clientIp` keys the limits on guest operations; `authSecret` signs registrations' private links. */
export type GraphQLContext = { db: Db; viewer: Viewer | null; clientIp: string; authSecret: string };
