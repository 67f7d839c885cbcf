import { Link } from "@tanstack/react-router";
import { ExternalLinkIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import {
  JOIN_POLICY_LABEL,
  ROLE_LABEL,
  VISIBILITY_LABEL,
} from "#client/features/communities/community-labels.ts";
import type { CommunityQuery } from "#client/gql/graphql.ts";
import { GettingStarted, type SetupProgress } from "./getting-started.tsx";

type Community = CommunityQuery["community"];

/**
 * The community's dashboard at a glance: figures first, then what needs attention and the next
 * events, then the steps of setting up. The description and cover belong to the public page.
 * `people` (the member figures), `revenue`, `events` and `attention` are composed by the route
 * (features do not import each other); each is left out for roles that may not see it. Figures
 * about people go into `people`, which lays its own row out.
 */
export function CommunityOverview({
  community,
  people,
  revenue,
  events,
  attention,
  progress,
}: {
  community: Community;
  people?: React.ReactNode;
  revenue?: React.ReactNode;
  events?: React.ReactNode;
  attention?: React.ReactNode;
  progress: SetupProgress;
}) {
  const created = new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(
    new Date(community.createdAt),
  );
  return (
    <div className={pageWidth("wide", "grid gap-8 py-8 sm:py-10")}>
      <title>{`${community.name} · Commons`}</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{community.name}</h1>
          <Badge variant="secondary">{VISIBILITY_LABEL[community.visibility]}</Badge>
        </div>
        <Link
          to="/c/$slug"
          params={{ slug: community.slug }}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <ExternalLinkIcon aria-hidden="true" /> Public page
        </Link>
      </header>

      <section aria-label="Figures" className="grid gap-3">
        {people}
        <div className="grid gap-3 sm:grid-cols-3">
          {revenue}
          <dl className="contents">
            <Stat label="Your role" value={ROLE_LABEL[community.viewerRole]} />
            <Stat label="Created" value={created} />
          </dl>
        </div>
      </section>

      {events || attention ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">{events}</div>
          {attention ? <div>{attention}</div> : null}
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <GettingStarted
          communityId={community.id}
          slug={community.slug}
          currency={community.currency}
          progress={progress}
        />
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <Detail label="Address" value={`/c/${community.slug}`} />
              <Detail label="Joining" value={JOIN_POLICY_LABEL[community.joinPolicy]} />
              <Detail label="Time zone" value={community.timeZone.replaceAll("_", " ")} />
              <Detail label="Currency" value={community.currency} />
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tracking-tight">{value}</dd>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
}
