import { can, type MembershipView } from "#server/modules/members/members.policy.ts";

/** Forecasts are insights: owners, admins and organizers see them; members and strangers do not. */
export const canSeeForecast = (membership: MembershipView | null | undefined): boolean =>
  can(membership, "insights.view");

/** Only what can still happen is forecast: not ended, not canceled. */
export const isForecastable = (event: { status: string; endsAt: Date }, now: Date): boolean =>
  event.status !== "canceled" && event.endsAt.getTime() > now.getTime();
