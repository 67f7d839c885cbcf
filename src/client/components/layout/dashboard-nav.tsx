import { Link } from "@tanstack/react-router";
import {
  BotIcon,
  CalendarDaysIcon,
  ChartColumnIcon,
  CreditCardIcon,
  HouseIcon,
  SettingsIcon,
  UsersIcon,
} from "lucide-react";
import { plural } from "#client/lib/plural.ts";

const linkClass =
  "flex items-center gap-3 rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground data-[status=active]:bg-accent data-[status=active]:text-foreground [&_svg]:size-4 [&_svg]:shrink-0";

/** How many join requests wait, as a count beside "Members"; nothing for zero or for roles that do not review them. */
function PendingBadge({ count }: { count: number | null | undefined }) {
  if (!count) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums">
      {count > 99 ? "99+" : count}
      <span className="sr-only">{` ${plural(count, { one: "join request", other: "join requests" })}`}</span>
    </span>
  );
}

/** A screen not built yet: its link still opens the placeholder page, and says so to everyone. */
function SoonBadge() {
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-auto rounded-full border px-1.5 py-0.5 text-xs leading-none font-medium text-muted-foreground"
      >
        Soon
      </span>
      <span className="sr-only"> (Soon, not built yet)</span>
    </>
  );
}

export function DashboardNav({
  communityId,
  pendingJoinRequests,
  capabilities,
}: {
  communityId: string;
  pendingJoinRequests?: number | null;
  /** The viewer's capabilities in the community: entries of screens they cannot use are left out. */
  capabilities: readonly string[];
}) {
  const params = { communityId };
  return (
    <nav aria-label="Community" className="grid gap-0.5">
      <Link
        to="/dashboard/$communityId"
        params={params}
        className={linkClass}
        activeOptions={{ exact: true }}
      >
        <HouseIcon aria-hidden="true" /> Overview
      </Link>
      <Link to="/dashboard/$communityId/events" params={params} className={linkClass}>
        <CalendarDaysIcon aria-hidden="true" /> Events
      </Link>
      <Link to="/dashboard/$communityId/members" params={params} className={linkClass}>
        <UsersIcon aria-hidden="true" /> Members
        <PendingBadge count={pendingJoinRequests} />
      </Link>
      <Link to="/dashboard/$communityId/payments" params={params} className={linkClass}>
        <CreditCardIcon aria-hidden="true" /> Payments
      </Link>
      {capabilities.includes("INSIGHTS_VIEW") ? (
        <Link to="/dashboard/$communityId/insights" params={params} className={linkClass}>
          <ChartColumnIcon aria-hidden="true" /> Insights
        </Link>
      ) : null}
      <Link to="/dashboard/$communityId/agents" params={params} className={linkClass}>
        <BotIcon aria-hidden="true" /> Agents
        <SoonBadge />
      </Link>
      <div className="my-2 h-px bg-border" />
      <Link to="/dashboard/$communityId/edit" params={params} className={linkClass}>
        <SettingsIcon aria-hidden="true" /> Settings
      </Link>
    </nav>
  );
}
