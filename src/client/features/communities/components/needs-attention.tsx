import { Link } from "@tanstack/react-router";
import { CircleCheckIcon, CreditCardIcon, TicketIcon, UserPlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { OverviewStatusQuery } from "#client/gql/graphql.ts";

type Status = OverviewStatusQuery["status"];

const plural = (n: number, one: string, many: string) =>
  `${new Intl.NumberFormat().format(n)} ${n === 1 ? one : many}`;

/**
 * What waits for someone: join requests to review, seats held for people paying, payments that
 * failed lately; each links to where it is handled. Parts the viewer's role may not see are left out.
 */
export function NeedsAttention({ status }: { status: Status }) {
  const params = { communityId: status.id };
  const items: { key: string; icon: ReactNode; text: string; link: ReactNode }[] = [];
  if (status.pendingJoinRequests) {
    items.push({
      key: "requests",
      icon: <UserPlusIcon aria-hidden="true" />,
      text: plural(status.pendingJoinRequests, "join request waits", "join requests wait"),
      link: (
        <Link to="/dashboard/$communityId/members" params={params} className="text-primary hover:underline">
          Review requests
        </Link>
      ),
    });
  }
  if (status.heldSeats) {
    items.push({
      key: "held",
      icon: <TicketIcon aria-hidden="true" />,
      text: `${plural(status.heldSeats, "seat is", "seats are")} held for people paying`,
      link: (
        <Link to="/dashboard/$communityId/events" params={params} className="text-primary hover:underline">
          See events
        </Link>
      ),
    });
  }
  const failed = status.paymentActivity?.failedLast30Days ?? 0;
  if (failed > 0) {
    items.push({
      key: "failed",
      icon: <CreditCardIcon aria-hidden="true" />,
      text: `${plural(failed, "payment", "payments")} failed in the last 30 days`,
      link: (
        <Link
          to="/dashboard/$communityId/payments"
          params={params}
          search={{ status: "FAILED", period: "30d" }}
          className="text-primary hover:underline"
        >
          See failed payments
        </Link>
      ),
    });
  }
  return (
    <section
      aria-labelledby="attention-title"
      className="rounded-xl border bg-card text-card-foreground shadow-xs"
    >
      <CardHeader>
        <CardTitle id="attention-title">Needs attention</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheckIcon className="size-4 text-success" aria-hidden="true" /> Nothing waits for you.
          </p>
        ) : (
          <ul className="grid gap-3 text-sm">
            {items.map((item) => (
              <li key={item.key} className="flex gap-3">
                <span className="mt-0.5 text-muted-foreground [&_svg]:size-4">{item.icon}</span>
                <span className="grid gap-0.5">
                  <span className="font-medium">{item.text}</span>
                  <span>{item.link}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </section>
  );
}
