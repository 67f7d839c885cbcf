import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";

/** What the membership flows take from the request context. */
export type MembershipCtx = {
  db: Db;
  viewer: Viewer | null;
  /** Expiry of invitations and decision times follow the injected clock. */
  clock: () => Date;
  emit: Emit;
  /** Signs invitation links. */
  authSecret: string;
};
