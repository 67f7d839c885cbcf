import { Link } from "@tanstack/react-router";
import { formatCount, formatShare } from "#client/components/charts/chart-format.ts";
import { formatPrice } from "#client/lib/money.ts";
import type { TopEvent } from "../api/insights-queries.ts";
import { TableCard } from "./table-card.tsx";

/** The period's events with the most registrations, how many came and, for admins, what each earned. */
export function TopEventsTable({
  communityId,
  rows,
  timeZone,
  csvHref,
}: {
  communityId: string;
  rows: TopEvent[];
  timeZone: string;
  csvHref: string;
}) {
  const showRevenue = rows.some((row) => row.revenue !== null);
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone });
  return (
    <TableCard
      title="Top events"
      description="The events of this period with the most registrations."
      csvHref={csvHref}
      empty={
        rows.length === 0
          ? "Your events show here, ranked by registrations, once they take place in this period."
          : undefined
      }
    >
      <div className="relative overflow-x-auto rounded-md border">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Top events</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Event
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Date
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                Registrations
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                Checked in
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                Attendance
              </th>
              {showRevenue ? (
                <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                  Revenue
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.eventId} className="border-t">
                <th scope="row" className="min-w-48 px-3 py-2 text-left font-normal">
                  <Link
                    to="/dashboard/$communityId/events/$eventId"
                    params={{ communityId, eventId: row.eventId }}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {row.title}
                  </Link>
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{format.format(new Date(row.startsAt))}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.registrations)}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {formatCount(row.checkedIn)} of {formatCount(row.going)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatShare(row.attendanceRate)}</td>
                {showRevenue ? (
                  <td className="px-3 py-2 text-right tabular-nums">
                    {row.revenue && row.revenue.length > 0
                      ? row.revenue.map((money) => formatPrice(money.netMinor, money.currency)).join(", ")
                      : "–"}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TableCard>
  );
}
