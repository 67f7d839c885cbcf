import { ChartCard } from "#client/components/charts/chart-card.tsx";
import {
  formatBucket,
  formatCount,
  formatShare,
  type CalendarGranularity as Granularity,
} from "#client/components/charts/chart-format.ts";
import { ChartTable, type TableColumn } from "#client/components/charts/chart-table.tsx";
import { type TimeSeries, TimeSeriesChart } from "#client/components/charts/time-series-chart.tsx";
import type { ActivePoint, EventsHeldPoint, MemberGrowthPoint } from "../api/insights-queries.ts";
import { bucketHeading, perBucket } from "../labels.ts";

const bucketOf = (row: { bucket: string }) => row.bucket;

const GROWTH_SERIES: TimeSeries<MemberGrowthPoint>[] = [
  { label: "Members", value: (row) => row.total, kind: "line", color: 0 },
  { label: "Joined", value: (row) => row.joined, kind: "bar", axis: "right", color: 1 },
  { label: "Left", value: (row) => row.left, kind: "bar", axis: "right", color: 2, below: true },
];

const ACTIVE_SERIES: TimeSeries<ActivePoint>[] = [
  { label: "Active members", value: (row) => row.people, kind: "area", color: 0 },
];

const EVENTS_SERIES: TimeSeries<EventsHeldPoint>[] = [
  { label: "Events held", value: (row) => row.events, kind: "bar", color: 4 },
  {
    label: "Attendance rate",
    value: (row) => row.attendanceRate,
    kind: "line",
    axis: "right",
    color: 1,
    spanGaps: true,
    format: (value) => formatShare(value),
  },
];

function bucketColumn<Row extends { bucket: string }>(granularity: Granularity): TableColumn<Row> {
  return { label: bucketHeading(granularity), cell: (row) => formatBucket(row.bucket, granularity) };
}

type ChartProps<Row> = { rows: Row[]; granularity: Granularity; csvHref: string };

export function MemberGrowthChart({ rows, granularity, csvHref }: ChartProps<MemberGrowthPoint>) {
  const empty = rows.every((row) => row.total === 0 && row.joined === 0 && row.left === 0);
  return (
    <ChartCard
      title="Member growth"
      description={`Members at the end of each ${granularity}, and who joined and left ${perBucket(granularity)}.`}
      csvHref={csvHref}
      empty={empty ? "The member count over time shows here as soon as the first person joins." : undefined}
      chart={() => (
        <TimeSeriesChart
          label="Member growth"
          rows={rows}
          bucket={bucketOf}
          granularity={granularity}
          series={GROWTH_SERIES}
          rightTicks={(value) => formatCount(Math.abs(value))}
        />
      )}
      table={() => (
        <ChartTable
          caption="Member growth"
          rows={rows}
          rowKey={bucketOf}
          columns={[
            bucketColumn<MemberGrowthPoint>(granularity),
            { label: "Members", cell: (row) => formatCount(row.total), numeric: true },
            { label: "Joined", cell: (row) => formatCount(row.joined), numeric: true },
            { label: "Left", cell: (row) => formatCount(row.left), numeric: true },
          ]}
        />
      )}
    />
  );
}

export function ActiveMembersChart({ rows, granularity, csvHref }: ChartProps<ActivePoint>) {
  const empty = rows.every((row) => row.people === 0);
  return (
    <ChartCard
      title="Active members"
      description={`People who registered for an event or checked in, ${perBucket(granularity)}.`}
      csvHref={csvHref}
      empty={empty ? "Active members show here once people register for events or check in." : undefined}
      chart={() => (
        <TimeSeriesChart
          label="Active members"
          rows={rows}
          bucket={bucketOf}
          granularity={granularity}
          series={ACTIVE_SERIES}
        />
      )}
      table={() => (
        <ChartTable
          caption="Active members"
          rows={rows}
          rowKey={bucketOf}
          columns={[
            bucketColumn<ActivePoint>(granularity),
            { label: "Active members", cell: (row) => formatCount(row.people), numeric: true },
          ]}
        />
      )}
    />
  );
}

export function EventsHeldChart({ rows, granularity, csvHref }: ChartProps<EventsHeldPoint>) {
  const empty = rows.every((row) => row.events === 0);
  return (
    <ChartCard
      title="Events held"
      description={`Events that ended ${perBucket(granularity)}, and the share of people going who checked in.`}
      csvHref={csvHref}
      empty={empty ? "Events show here once they have ended, with how many people came." : undefined}
      chart={() => (
        <TimeSeriesChart
          label="Events held"
          rows={rows}
          bucket={bucketOf}
          granularity={granularity}
          series={EVENTS_SERIES}
          rightTicks={(value) => formatShare(value)}
          rightFractions
        />
      )}
      table={() => (
        <ChartTable
          caption="Events held"
          rows={rows}
          rowKey={bucketOf}
          columns={[
            bucketColumn<EventsHeldPoint>(granularity),
            { label: "Events", cell: (row) => formatCount(row.events), numeric: true },
            { label: "Going", cell: (row) => formatCount(row.going), numeric: true },
            { label: "Checked in", cell: (row) => formatCount(row.checkedIn), numeric: true },
            { label: "Attendance rate", cell: (row) => formatShare(row.attendanceRate), numeric: true },
          ]}
        />
      )}
    />
  );
}
