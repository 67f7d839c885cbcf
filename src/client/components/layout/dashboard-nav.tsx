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

const linkClass =
  "flex items-center gap-3 rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground data-[status=active]:bg-accent data-[status=active]:text-foreground [&_svg]:size-4 [&_svg]:shrink-0";

export function DashboardNav({ communityId }: { communityId: string }) {
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
      </Link>
      <Link to="/dashboard/$communityId/payments" params={params} className={linkClass}>
        <CreditCardIcon aria-hidden="true" /> Payments
      </Link>
      <Link to="/dashboard/$communityId/insights" params={params} className={linkClass}>
        <ChartColumnIcon aria-hidden="true" /> Insights
      </Link>
      <Link to="/dashboard/$communityId/agents" params={params} className={linkClass}>
        <BotIcon aria-hidden="true" /> Agents
      </Link>
      <div className="my-2 h-px bg-border" />
      <Link to="/dashboard/$communityId/edit" params={params} className={linkClass}>
        <SettingsIcon aria-hidden="true" /> Settings
      </Link>
    </nav>
  );
}
