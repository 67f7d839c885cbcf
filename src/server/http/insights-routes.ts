import type { Env, Hono } from "hono";
import { notFound } from "#server/errors.ts";
import { communityInsights } from "#server/modules/insights/insights.service.ts";
import type { CommunityInsights } from "#server/modules/insights/insights.types.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { toDecimalString } from "#shared/money.ts";
import { csvExportRoute } from "./csv-export.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

type Table = { header: string[]; rows: string[][] };

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

async function* once(rows: string[][]): AsyncGenerator<string[][]> {
  yield rows;
}

/**
 * `/api/communities/:id/insights/:chart.csv?preset=last_30_days` (or `?from=…&to=…`): one chart of
 * the insights page as CSV, one row per bucket, authorized as the page is (revenue's only for
 * those who see revenue).
 */
export function mountInsightsRoutes<E extends RoutesEnv>(
  app: Hono<E>,
  options: { contextFor: RequestContextFactory },
) {
  csvExportRoute(app, "/api/communities/:id/insights/:file", options.contextFor, async (c, context) => {
    const chart = /^([a-z-]+)\.csv$/.exec(c.req.param("file"))?.[1];
    const table = chart ? CHARTS[chart] : undefined;
    if (!chart || !table) throw notFound();
    const params = new URL(c.req.url).searchParams;
    const insights = await communityInsights(
      await context(),
      c.req.param("id"),
      { preset: params.get("preset")?.toLowerCase() ?? null, from: params.get("from"), to: params.get("to") },
      { requireRevenue: chart === "revenue" },
    );
    const { header, rows } = table(insights);
    return {
      name: `insights-${chart}-${insights.period.from}-${insights.period.to}`,
      header,
      records: once(rows),
    };
  });
}
