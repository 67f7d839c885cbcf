import { ChartCard } from "#client/components/charts/chart-card.tsx";
import { formatCount } from "#client/components/charts/chart-format.ts";
import { ChartTable } from "#client/components/charts/chart-table.tsx";
import { type PluralForms, plural } from "#client/lib/plural.ts";
import type { SourceCount } from "../api/insights-queries.ts";
import { originLabel } from "../labels.ts";

/**
 * Where registrations and joins came from, largest first, as labelled bars: each bar carries its
 * own numbers, so the chart needs no pointer to be read.
 */
export function SourcesChart({ rows, csvHref }: { rows: SourceCount[]; csvHref: string }) {
  const sorted = [...rows].sort((a, b) => b.registrations + b.joins - (a.registrations + a.joins));
  const largest = Math.max(1, ...sorted.map((row) => Math.max(row.registrations, row.joins)));
  const empty = sorted.every((row) => row.registrations === 0 && row.joins === 0);
  return (
    <ChartCard
      title="Registrations by source"
      description="Where people came from when they registered or joined: a page, an invitation, or a shared link with ?ref= or utm_source."
      csvHref={csvHref}
      empty={empty ? "Sources show here once people register for events or join in this period." : undefined}
      chart={() => (
        <ul className="grid gap-3" aria-label="Registrations and joins by source">
          {sorted.map((row) => (
            <li key={row.origin} className="grid gap-1 text-sm" title={originLabel(row)}>
              <span className="truncate font-medium">{originLabel(row)}</span>
              <Bar
                value={row.registrations}
                largest={largest}
                label={{ one: "registration", other: "registrations" }}
                color="bg-[var(--chart-1)]"
              />
              <Bar
                value={row.joins}
                largest={largest}
                label={{ one: "join", other: "joins" }}
                color="bg-[var(--chart-2)]"
              />
            </li>
          ))}
        </ul>
      )}
      table={() => (
        <ChartTable
          caption="Registrations by source"
          rows={sorted}
          rowKey={(row) => row.origin}
          columns={[
            { label: "Source", cell: (row) => originLabel(row) },
            { label: "Registrations", cell: (row) => formatCount(row.registrations), numeric: true },
            { label: "Joins", cell: (row) => formatCount(row.joins), numeric: true },
          ]}
        />
      )}
    />
  );
}

function Bar({
  value,
  largest,
  label,
  color,
}: {
  value: number;
  largest: number;
  label: PluralForms;
  color: string;
}) {
  return (
    <span className="flex items-center gap-2">
      <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <span
          className={`block h-full rounded-full ${color}`}
          style={{ width: `${(value / largest) * 100}%` }}
        />
      </span>
      <span className="w-28 shrink-0 text-xs text-muted-foreground tabular-nums">
        {formatCount(value)} {plural(value, label)}
      </span>
    </span>
  );
}
