import { Link } from "@tanstack/react-router";
import { CalendarDaysIcon, CheckCircle2Icon, CircleIcon, CreditCardIcon, UsersIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { MarkdownContent } from "#client/components/ui/markdown-content.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import {
  JOIN_POLICY_LABEL,
  ROLE_LABEL,
  VISIBILITY_LABEL,
} from "#client/features/communities/community-labels.ts";
import type { CommunityQuery } from "#client/gql/graphql.ts";

type Community = CommunityQuery["community"];

/**
 * `events`, `people` and `revenue` are composed by the route (features do not import each other);
 * once the community has any event, `events` replaces the "Plan your first event" step. `people`
 * holds the member figures and `revenue` the money of the last 30 days, for the roles that may
 * see them.
 */
export function CommunityOverview({
  community,
  events,
  people,
  revenue,
  hasEvents = false,
}: {
  community: Community;
  events?: React.ReactNode;
  people?: React.ReactNode;
  revenue?: React.ReactNode;
  hasEvents?: boolean;
}) {
  const params = { communityId: community.id };
  const created = new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(
    new Date(community.createdAt),
  );
  return (
    <div className={pageWidth("wide", "py-8 sm:py-10")}>
      <title>{`${community.name} · Commons`}</title>
      {community.coverUrl ? (
        <img
          src={community.coverUrl}
          alt={`Cover of ${community.name}`}
          style={{ aspectRatio: String(IMAGE_ASPECT.communityCover) }}
          className="mb-6 w-full rounded-xl border object-cover"
        />
      ) : null}
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{community.name}</h1>
          <Badge variant="secondary">{VISIBILITY_LABEL[community.visibility]}</Badge>
        </div>
        {community.description.trim() ? (
          <MarkdownContent source={community.description} className="max-w-3xl text-muted-foreground" />
        ) : (
          <p className="max-w-3xl text-muted-foreground">No description yet. Add one in Settings.</p>
        )}
      </div>

      {people ? <div className="mt-8">{people}</div> : null}

      <div className={`${people ? "mt-3" : "mt-8"} grid gap-3 sm:grid-cols-3`}>
        {revenue}
        <dl className="contents">
          <Stat label="Your role" value={ROLE_LABEL[community.viewerRole]} />
          <Stat label="Created" value={created} />
        </dl>
      </div>

      {events ? <div className="mt-8">{events}</div> : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle>Getting started</CardTitle>
            <CardDescription>
              Your community is set up. These are the next steps as they become available.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-1">
              <Step
                done
                title="Create your community"
                detail={`${community.name} has the address /c/${community.slug}; its public page comes with events.`}
              />
              {hasEvents ? null : (
                <Step
                  title="Plan your first event"
                  detail="Create an event, publish it and collect registrations."
                  link={
                    <Link
                      to="/dashboard/$communityId/create-event"
                      params={params}
                      className="text-primary hover:underline"
                    >
                      Create an event
                    </Link>
                  }
                  icon={<CalendarDaysIcon aria-hidden="true" />}
                />
              )}
              <Step
                title="Bring your members in"
                detail="Invitations and join requests will appear in Members."
                link={
                  <Link
                    to="/dashboard/$communityId/members"
                    params={params}
                    className="text-primary hover:underline"
                  >
                    See what’s planned
                  </Link>
                }
                icon={<UsersIcon aria-hidden="true" />}
              />
              <Step
                title="Set up payments"
                detail={`Memberships and tickets will be charged in ${community.currency}.`}
                link={
                  <Link
                    to="/dashboard/$communityId/payments"
                    params={params}
                    className="text-primary hover:underline"
                  >
                    See what’s planned
                  </Link>
                }
                icon={<CreditCardIcon aria-hidden="true" />}
              />
            </ol>
          </CardContent>
        </Card>
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

function Step({
  title,
  detail,
  done = false,
  link,
  icon,
}: {
  title: string;
  detail: string;
  done?: boolean;
  link?: React.ReactNode;
  icon?: React.ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-lg p-3">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-5">
        {done ? (
          <CheckCircle2Icon className="text-success" aria-label="Done" />
        ) : (
          (icon ?? <CircleIcon aria-hidden="true" />)
        )}
      </span>
      <span className="grid gap-0.5 text-sm">
        <span className="font-medium">
          {title}
          {done ? null : <span className="sr-only"> (not done yet)</span>}
        </span>
        <span className="text-muted-foreground">{detail}</span>
        {link ? <span>{link}</span> : null}
      </span>
    </li>
  );
}
