import { useMemo } from "react";
import { ChartCard } from "#client/components/charts/chart-card.tsx";
import {
  formatBucket,
  type CalendarGranularity as Granularity,
} from "#client/components/charts/chart-format.ts";
import { ChartTable } from "#client/components/charts/chart-table.tsx";
import { type TimeSeries, TimeSeriesChart } from "#client/components/charts/time-series-chart.tsx";
import { formatPrice, viewerLocale } from "#client/lib/money.ts";
import { minorUnitDigits } from "#shared/money.ts";
import type { RevenuePoint } from "../api/insights-queries.ts";
import { bucketHeading, perBucket } from "../labels.ts";

const bucketOf = (row: RevenuePoint) => row.bucket;

function seriesFor(currency: string): TimeSeries<RevenuePoint>[] {
  const format = (value: number) => formatPrice(value, currency);
  return [
    { label: "Tickets", value: (row) => row.ticketsMinor, kind: "bar", color: 0, stack: "gross", format },
    {
      label: "Memberships",
      value: (row) => row.membershipsMinor,
      kind: "bar",
      color: 1,
      stack: "gross",
      format,
    },
    { label: "Other", value: (row) => row.otherMinor, kind: "bar", color: 4, stack: "gross", format },
    { label: "Refunds", value: (row) => row.refundsMinor, kind: "bar", color: 2, below: true, format },
  ];
}

/** Axis ticks in the currency, shortened: "€1.2K". */
function moneyTicks(currency: string): (value: number) => string {
  const format = new Intl.NumberFormat(viewerLocale(), {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  });
  const scale = 10 ** minorUnitDigits(currency);
  return (value) => format.format(value / scale);
}

/** What the community earned per purpose, with refunds below the line: one chart per currency, never summed. */
export function RevenueCharts({
  rows,
  granularity,
  csvHref,
}: {
  rows: RevenuePoint[];
  granularity: Granularity;
  csvHref: string;
}) {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  if (currencies.length === 0) {
    return (
      <ChartCard
        title="Revenue"
        csvHref={csvHref}
        empty="Revenue shows here, by tickets and memberships, once people pay in this period."
        chart={() => null}
        table={() => null}
      />
    );
  }
  return currencies.map((currency) => (
    <CurrencyRevenue
      key={currency}
      currency={currency}
      title={currencies.length > 1 ? `Revenue in ${currency}` : "Revenue"}
      rows={rows.filter((row) => row.currency === currency)}
      granularity={granularity}
      csvHref={csvHref}
    />
  ));
}

function CurrencyRevenue({
  currency,
  title,
  rows,
  granularity,
  csvHref,
}: {
  currency: string;
  title: string;
  rows: RevenuePoint[];
  granularity: Granularity;
  csvHref: string;
}) {
  const series = useMemo(() => seriesFor(currency), [currency]);
  const ticks = useMemo(() => moneyTicks(currency), [currency]);
  const money = (value: number) => formatPrice(value, currency);
  return (
    <ChartCard
      title={title}
      description={`Tickets, memberships and other payments ${perBucket(granularity)}, with refunds below the line.`}
      csvHref={csvHref}
      chart={() => (
        <TimeSeriesChart
          label={title}
          rows={rows}
          bucket={bucketOf}
          granularity={granularity}
          series={series}
          leftTicks={ticks}
        />
      )}
      table={() => (
        <ChartTable
          caption={title}
          rows={rows}
          rowKey={bucketOf}
          columns={[
            { label: bucketHeading(granularity), cell: (row) => formatBucket(row.bucket, granularity) },
            { label: "Tickets", cell: (row) => money(row.ticketsMinor), numeric: true },
            { label: "Memberships", cell: (row) => money(row.membershipsMinor), numeric: true },
            { label: "Other", cell: (row) => money(row.otherMinor), numeric: true },
            { label: "Refunds", cell: (row) => money(row.refundsMinor), numeric: true },
            {
              label: "Net",
              cell: (row) =>
                money(row.ticketsMinor + row.membershipsMinor + row.otherMinor - row.refundsMinor),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
