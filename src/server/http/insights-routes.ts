import type { Env, Hono } from "hono";
import { notFound } from "#server/errors.ts";
import { communityInsights } from "#server/modules/insights/insights.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { csvExportRoute } from "./csv-export.ts";
import { insightsChart } from "./insights-csv.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

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
    const table = chart ? insightsChart(chart) : null;
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
