import { LockIcon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { MarkdownContent } from "#client/components/ui/markdown-content.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import type { CommunityPageData } from "#client/features/membership/api/community-page.ts";
import { cn } from "#client/lib/cn.ts";
import { countOf } from "#client/lib/plural.ts";
import { BRAND_SCOPE, brandVariables } from "./brand-style.ts";
import { CommunityEvents } from "./community-events.tsx";
import { FollowButton } from "./follow-button.tsx";
import { JoinPanel, type JoinPanelSlots } from "./join-panel.tsx";
import { MemberDirectory } from "./member-directory.tsx";
import { CalendarFeedMenu, ShareButton } from "./share-actions.tsx";

/** The cover, or (none, or one that fails to load) a band tinted with the brand colour. */
function Cover({ community, branded }: { community: CommunityPageData; branded: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const ratio = { aspectRatio: String(IMAGE_ASPECT.communityCover) };
  if (community.coverUrl && failed !== community.coverUrl) {
    return (
      <img
        src={community.coverUrl}
        alt=""
        fetchPriority="high"
        onError={() => setFailed(community.coverUrl ?? null)}
        style={ratio}
        className="w-full rounded-b-none bg-muted object-cover sm:rounded-3xl"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      style={ratio}
      className={cn(
        "max-h-56 w-full bg-linear-to-br sm:rounded-3xl",
        branded
          ? "from-(--brand)/45 via-(--brand)/15 to-transparent"
          : "from-primary/25 via-primary/10 to-transparent",
      )}
    />
  );
}

/** A few members' faces beside the count, for those who may see the member directory. */
function MemberFaces({ community }: { community: CommunityPageData }) {
  const faces = community.memberFaces;
  return (
    <p className="flex min-h-7 items-center gap-2 text-sm text-muted-foreground">
      {faces.length > 0 ? (
        <span className="flex -space-x-2 rtl:space-x-reverse">
          {faces.map((face) => (
            <span
              key={face.id}
              title={face.name}
              className="rounded-full bg-background ring-2 ring-background"
            >
              <InitialsAvatar name={face.name} seed={face.id} imageUrl={face.imageUrl} size="sm" />
            </span>
          ))}
        </span>
      ) : (
        <UsersIcon className="size-4 shrink-0" aria-hidden="true" />
      )}
      {countOf(community.memberCount ?? 0, { one: "member", other: "members" })}
    </p>
  );
}

/**
 * A community's public page: its cover and name, what it is about, its events, and the ways to
 * keep up (join, subscribe, add its calendar, share). A private community seen by someone who is
 * not a member shows only its face (the server leaves the rest out) and the way in.
 */
export function CommunityPage({ community, slots }: { community: CommunityPageData; slots: JoinPanelSlots }) {
  const face = community.memberCount === null;
  const brand = brandVariables(community.brandColor);
  const branded = brand !== null;
  return (
    <article style={brand ?? undefined} className={cn("grid gap-8 pb-16", branded && BRAND_SCOPE)}>
      <div className="mx-auto w-full max-w-6xl sm:px-8 sm:pt-6">
        <Cover community={community} branded={branded} />
      </div>
      <div className={pageWidth("wide", "-mt-16 grid gap-8 sm:-mt-20")}>
        <header className="grid gap-4">
          {/* An opaque backing: the initials' tint is see-through, and the logo overlaps the cover. */}
          <span className="w-fit rounded-2xl bg-background shadow-md">
            <InitialsAvatar
              name={community.name}
              seed={community.id}
              imageUrl={community.logoUrl}
              color={community.brandColor}
              className="size-24 rounded-2xl border-4 border-background text-2xl sm:size-28"
            />
          </span>
          <div className="grid min-w-0 gap-2">
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance wrap-anywhere sm:text-5xl">
              {/* Isolated, so a name in a right-to-left script keeps its own order on the page. */}
              <bdi>{community.name}</bdi>
            </h1>
            {face ? (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <LockIcon className="size-3.5" aria-hidden="true" /> Private community
              </p>
            ) : (
              <MemberFaces community={community} />
            )}
          </div>
          {face ? null : (
            <div className="flex flex-wrap items-center gap-2">
              {/* A private community's feed and mail would tell strangers of its events: neither is offered. */}
              {community.followable ? (
                <>
                  <FollowButton community={community} slots={slots} />
                  <CalendarFeedMenu slug={community.slug} />
                </>
              ) : null}
              <ShareButton name={community.name} path={`/c/${community.slug}`} />
            </div>
          )}
        </header>
        {/* The way in comes right after the name on phones, and stays beside the page on wide screens. */}
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-x-12">
          <section
            aria-labelledby="membership-title"
            className="h-fit overflow-hidden rounded-2xl border bg-card shadow-xs lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1"
          >
            <h2 id="membership-title" className="border-b bg-muted/50 px-5 py-3 text-sm font-semibold">
              Membership
            </h2>
            <div className="p-5">
              <JoinPanel community={community} slots={slots} />
            </div>
          </section>
          <div className="grid min-w-0 content-start gap-10 lg:col-start-1 lg:row-start-1">
            {community.description?.trim() ? (
              <section aria-labelledby="about-title" className="grid gap-3">
                <h2 id="about-title" className="text-xl font-semibold tracking-tight">
                  About
                </h2>
                <MarkdownContent
                  source={community.description}
                  className="text-foreground/90 wrap-anywhere"
                />
              </section>
            ) : null}
            {face ? (
              <p className="text-sm text-muted-foreground">
                Its events and members are visible to members only.
              </p>
            ) : (
              <CommunityEvents community={community} branded={branded} />
            )}
            {community.viewerSeesDirectory ? <MemberDirectory communityId={community.id} /> : null}
          </div>
        </div>
      </div>
    </article>
  );
}
