import type { CommunityInsights } from "#server/modules/insights/insights.types.ts";
import { toDecimalString } from "#shared/money.ts";

export type Table = { header: string[]; rows: string[][] };

/** A share as a plain number a spreadsheet reads (0.8125), empty when there was nothing to divide by. */
const share = (value: number | null) => (value === null ? "" : String(Math.round(value * 10_000) / 10_000));

/** Each chart of the insights page as the rows of its table alternative, the bucket first. */
const CHARTS: Record<string, (insights: CommunityInsights) => Table> = {
  "member-growth": (i) => ({
    header: ["Bucket", "Members", "Joined", "Left"],
    rows: i.memberGrowth.map((p) => [p.bucket, String(p.total), String(p.joined), String(p.left)]),
  }),
  "active-members": (i) => ({
    header: ["Bucket", "Active members"],
    rows: i.activeMembers.map((p) => [p.bucket, String(p.people)]),
  }),
  "events-held": (i) => ({
    header: ["Bucket", "Events held", "Going", "Checked in", "Attendance rate"],
    rows: i.eventsHeld.map((p) => [
      p.bucket,
      String(p.events),
      String(p.going),
      String(p.checkedIn),
      share(p.attendanceRate),
    ]),
  }),
  sources: (i) => ({
    header: ["Origin", "Kind", "Ref", "Registrations", "Joins"],
    rows: i.sources.map((s) => [s.origin, s.kind, s.ref ?? "", String(s.registrations), String(s.joins)]),
  }),
  revenue: (i) => ({
    header: ["Bucket", "Currency", "Tickets", "Memberships", "Other", "Refunds"],
    rows: (i.revenue ?? []).map((p) => {
      const money = (minor: number) => toDecimalString(minor, p.currency);
      return [
        p.bucket,
        p.currency,
        money(p.ticketsMinor),
        money(p.membershipsMinor),
        money(p.otherMinor),
        money(p.refundsMinor),
      ];
    }),
  }),
  "top-events": (i) => {
    const revenue = i.figures.revenue !== null;
    return {
      header: [
        "Event",
        "Starts at",
        "Registrations",
        "Going",
        "Checked in",
        "Attendance rate",
        ...(revenue ? ["Revenue"] : []),
      ],
      rows: i.topEvents.map((e) => [
        e.title,
        e.startsAt.toISOString(),
        String(e.registrations),
        String(e.going),
        String(e.checkedIn),
        share(e.attendanceRate),
        ...(revenue
          ? [
              (e.revenue ?? [])
                .map((m) => `${m.currency} ${toDecimalString(m.netMinor, m.currency)}`)
                .join("; "),
            ]
          : []),
      ]),
    };
  },
  cohorts: (i) => {
    const months = Math.max(0, ...i.cohorts.map((c) => c.retention.length));
    return {
      header: ["Cohort", "Members", ...Array.from({ length: months }, (_, n) => `Month ${n}`)],
      rows: i.cohorts.map((c) => [
        c.cohort,
        String(c.members),
        ...Array.from({ length: months }, (_, n) => share(c.retention[n] ?? null)),
      ]),
    };
  },
};

/** How to write a chart's table, or null for a name that is no chart (`constructor` included). */
export const insightsChart = (name: string): ((insights: CommunityInsights) => Table) | null =>
  Object.hasOwn(CHARTS, name) ? (CHARTS[name] ?? null) : null;
