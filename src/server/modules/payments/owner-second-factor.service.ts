import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import { hasSecondFactor } from "#server/modules/auth/two-factor-checks.ts";
import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import { activeMemberships, type OwnerSecondFactorRule } from "#server/modules/members/members.service.ts";

/** REQUIRE_OWNER_SECOND_FACTOR: `paid` asks it of owners of communities that take payments. */
export type OwnerSecondFactorMode = "off" | "paid";

/**
 * The operator's rule, null when off: an owner of a community that can take payments (the same
 * test as for paid tickets and plans, `PaymentsGate`) reaches its data only with a second factor.
 */
export function ownerSecondFactorRule(
  mode: OwnerSecondFactorMode,
  payments: PaymentsGate,
): (OwnerSecondFactorRule & { requiredFor(db: Db, userId: string): Promise<boolean> }) | null {
  if (mode === "off") return null;
  return {
    async check(db, userId, communityId) {
      if (!(await payments.canTakePayments(db as Db, communityId))) return;
      if (await hasSecondFactor(db, userId)) return;
      throw new DomainError(
        "SECOND_FACTOR_REQUIRED",
        "This community takes payments: its owner turns on a second factor before managing it.",
      );
    },
    /** Whether this person owns a community taking payments and has no second factor yet (/me says so). */
    async requiredFor(db, userId) {
      if (await hasSecondFactor(db, userId)) return false;
      const owned = (await activeMemberships(db, userId)).filter((m) => m.role === "owner");
      for (const { communityId } of owned) {
        if (await payments.canTakePayments(db, communityId)) return true;
      }
      return false;
    },
  };
}
