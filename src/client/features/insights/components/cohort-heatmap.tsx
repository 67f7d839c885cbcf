import { formatBucket, formatCount, formatShare } from "#client/components/charts/chart-format.ts";
import type { CohortRow } from "../api/insights-queries.ts";
import { TableCard } from "./table-card.tsx";

/** Five shades, each with a text colour that keeps its contrast (styles.css, --heat-N). */
function level(share: number): number {
  if (share <= 0) return 0;
  if (share < 0.1) return 1;
  if (share < 0.25) return 2;
  if (share < 0.5) return 3;
  return 4;
}

/**
 * Cohort retention as a heat map: one row per month of joining, one column per month after it,
 * each cell the share of that month's new members who attended an event then. It is an HTML
 * table, so screen readers read it as one, with the headers naming each cell.
 */
export function CohortHeatmap({ rows, csvHref }: { rows: CohortRow[]; csvHref: string }) {
  const months = Math.max(0, ...rows.map((row) => row.retention.length));
  const offsets = Array.from({ length: months }, (_, index) => index);
  return (
    <TableCard
      title="Cohort retention"
      description="Members by the month they joined, and the share of them who attended an event in each month after."
      csvHref={csvHref}
      empty={
        rows.length === 0
          ? "Retention shows here once people have joined in this period; each month adds a row."
          : undefined
      }
    >
      <section
        aria-label="Cohort retention, table"
        className="relative overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone must be reachable by keyboard to scroll it.
        tabIndex={0}
      >
        <table className="border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">
            Cohort retention: share of each month's new members who attended in later months
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-medium whitespace-nowrap">
                Joined
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium whitespace-nowrap">
                Members
              </th>
              {offsets.map((offset) => (
                <th
                  key={offset}
                  scope="col"
                  className="min-w-12 px-2 py-1 text-center font-medium whitespace-nowrap"
                >
                  <span aria-hidden="true">{offset === 0 ? "Same" : `+${offset}`}</span>
                  <span className="sr-only">
                    {offset === 0 ? "Month of joining" : `Month ${offset} after joining`}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const cohortName = formatBucket(row.cohort, "month");
              return (
                <tr key={row.cohort}>
                  <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
                    {cohortName}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{formatCount(row.members)}</td>
                  {offsets.map((offset) => {
                    const share = row.retention[offset];
                    if (share === undefined) return <td key={offset} />;
                    const step = level(share);
                    return (
                      <td
                        key={offset}
                        title={`${formatShare(share)} of the ${formatCount(row.members)} who joined in ${cohortName} attended ${offset === 0 ? "that month" : `${offset} month${offset === 1 ? "" : "s"} later`}`}
                        className="rounded px-2 py-1.5 text-center tabular-nums"
                        style={{ background: `var(--heat-${step})`, color: `var(--heat-${step}-foreground)` }}
                      >
                        {formatShare(share)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </TableCard>
  );
}
