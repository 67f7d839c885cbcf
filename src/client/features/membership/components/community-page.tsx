import { Link } from "@tanstack/react-router";
import { CalendarDaysIcon, LockIcon, MapPinIcon, UsersIcon, VideoIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { MarkdownContent } from "#client/components/ui/markdown-content.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import type { CommunityPageData } from "#client/features/membership/api/community-page.ts";
import { countOf } from "#client/lib/plural.ts";
import { formatEventRange } from "#shared/event-time-format.ts";
import { JoinPanel, type JoinPanelSlots } from "./join-panel.tsx";
import { MemberDirectory } from "./member-directory.tsx";

type PageEvent = NonNullable<CommunityPageData["upcomingEvents"]>[number];

function EventRow({ event, timeZone }: { event: PageEvent; timeZone: string }) {
  const start = new Date(event.startsAt);
  const month = new Intl.DateTimeFormat(undefined, { timeZone, month: "short" }).format(start);
  const day = new Intl.DateTimeFormat(undefined, { timeZone, day: "numeric" }).format(start);
  return (
    <li>
      <Link
        to="/e/$eventId"
        params={{ eventId: event.id }}
        className="flex items-start gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span
          aria-hidden="true"
          className="grid w-12 shrink-0 justify-items-center rounded-lg border bg-background py-1.5"
        >
          <span className="text-xs font-medium text-primary uppercase">{month}</span>
          <span className="text-lg leading-tight font-semibold">{day}</span>
        </span>
        <span className="grid min-w-0 gap-1">
          <span className="font-semibold wrap-anywhere">{event.title}</span>
          <span className="text-sm text-muted-foreground">
            {formatEventRange(start, new Date(event.endsAt), timeZone)}
          </span>
          {event.venueName || event.isOnline ? (
            <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
              {event.venueName ? (
                <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
              ) : (
                <VideoIcon className="size-3.5 shrink-0" aria-hidden="true" />
              )}
              {event.venueName ?? "Online"}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

function Events({ community }: { community: CommunityPageData }) {
  const upcoming = community.upcomingEvents ?? [];
  const past = community.pastEventCount ?? 0;
  const timeZone = community.timeZone ?? "UTC";
  return (
    <section aria-labelledby="events-title" className="grid gap-3">
      <h2 id="events-title" className="border-b pb-2 text-sm font-medium text-muted-foreground">
        Upcoming events
      </h2>
      {upcoming.length > 0 ? (
        <ul className="grid gap-3">
          {upcoming.map((event) => (
            <EventRow key={event.id} event={event} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDaysIcon className="size-4" aria-hidden="true" /> No upcoming events yet.
        </p>
      )}
      {past > 0 ? (
        <p className="text-sm text-muted-foreground">
          {countOf(past, { one: "past event", other: "past events" })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * A community's public page. A private community seen by someone who is not a member shows only
 * its face (the server leaves the rest out) and the way in.
 */
export function CommunityPage({ community, slots }: { community: CommunityPageData; slots: JoinPanelSlots }) {
  const face = community.memberCount === null;
  return (
    <article className={pageWidth("wide", "grid gap-8 pt-4 pb-16 lg:pt-8")}>
      {community.coverUrl ? (
        <img
          src={community.coverUrl}
          alt=""
          style={{ aspectRatio: String(IMAGE_ASPECT.communityCover) }}
          className="w-full rounded-2xl border object-cover shadow-sm"
        />
      ) : null}
      {/* The way in comes right after the name on phones, and stays beside the page on wide screens. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:grid-rows-[auto_1fr] lg:gap-x-12">
        <header className="flex items-center gap-4 lg:col-start-1">
          <InitialsAvatar name={community.name} seed={community.id} imageUrl={community.logoUrl} />
          <div className="grid min-w-0 gap-1">
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance wrap-anywhere sm:text-4xl">
              {community.name}
            </h1>
            {face ? (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <LockIcon className="size-3.5" aria-hidden="true" /> Private community
              </p>
            ) : (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <UsersIcon className="size-3.5" aria-hidden="true" />
                {countOf(community.memberCount ?? 0, { one: "member", other: "members" })}
              </p>
            )}
          </div>
        </header>
        <section
          aria-labelledby="membership-title"
          className="h-fit overflow-hidden rounded-2xl border bg-card shadow-xs lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="membership-title" className="border-b bg-muted/50 px-5 py-3 text-sm font-semibold">
            Membership
          </h2>
          <div className="p-5">
            <JoinPanel community={community} slots={slots} />
          </div>
        </section>
        <div className="grid min-w-0 content-start gap-7 lg:col-start-1 lg:row-start-2">
          {community.description?.trim() ? (
            <section aria-labelledby="about-title" className="grid gap-3">
              <h2 id="about-title" className="border-b pb-2 text-sm font-medium text-muted-foreground">
                About
              </h2>
              <MarkdownContent source={community.description} className="text-foreground/90" />
            </section>
          ) : null}
          {face ? (
            <p className="text-sm text-muted-foreground">
              Its events and members are visible to members only.
            </p>
          ) : (
            <Events community={community} />
          )}
          {community.viewerSeesDirectory ? <MemberDirectory communityId={community.id} /> : null}
        </div>
      </div>
    </article>
  );
}
