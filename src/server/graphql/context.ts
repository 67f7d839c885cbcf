import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/modules/communities/communities.policy.ts";
import type { Emit } from "#server/modules/log/log.events.ts";

/**
 * `clientIp` keys the limits on guest operations; `authSecret` signs registrations' private links;
 * `emit` appends domain events with the composition root's clock.
 */
export type GraphQLContext = {
  db: Db;
  viewer: Viewer | null;
  clientIp: string;
  authSecret: string;
  emit: Emit;
};
