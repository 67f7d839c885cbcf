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

const JOIN_REQUESTS = { one: "join request", other: "join requests" } as const;
const AGENT_ITEMS = { one: "agent item to review", other: "agent items to review" } as const;

/**
 * How many things wait for the viewer, as a count beside a link ("Members": join requests;
 * "Agents": proposals and notices); nothing for zero or for roles that do not review them.
 */
function PendingBadge({
  count,
  words,
}: {
  count: number | null | undefined;
  words: typeof JOIN_REQUESTS | typeof AGENT_ITEMS;
}) {
  if (!count) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums">
      {count > 99 ? "99+" : count}
      <span className="sr-only">{` ${plural(count, words)}`}</span>
    </span>
  );
}

export function DashboardNav({
  communityId,
  pendingJoinRequests,
  agentBadgeCount,
  capabilities,
}: {
  communityId: string;
  pendingJoinRequests?: number | null;
  /** Proposals waiting for approval and unread agent notices; 0 for those who don't manage agents. */
  agentBadgeCount?: number | null;
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
        <PendingBadge count={pendingJoinRequests} words={JOIN_REQUESTS} />
      </Link>
      <Link to="/dashboard/$communityId/payments" params={params} className={linkClass}>
        <CreditCardIcon aria-hidden="true" /> Payments
      </Link>
      {capabilities.includes("INSIGHTS_VIEW") ? (
        <Link to="/dashboard/$communityId/insights" params={params} className={linkClass}>
          <ChartColumnIcon aria-hidden="true" /> Insights
        </Link>
      ) : null}
      {capabilities.includes("AGENTS_MANAGE") ? (
        <Link to="/dashboard/$communityId/agents" params={params} className={linkClass}>
          <BotIcon aria-hidden="true" /> Agents
          <PendingBadge count={agentBadgeCount} words={AGENT_ITEMS} />
        </Link>
      ) : null}
      <div className="my-2 h-px bg-border" />
      <Link to="/dashboard/$communityId/edit" params={params} className={linkClass}>
        <SettingsIcon aria-hidden="true" /> Settings
      </Link>
    </nav>
  );
}
