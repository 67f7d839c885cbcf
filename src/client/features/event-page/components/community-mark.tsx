import { Link } from "@tanstack/react-router";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";

/** The host community's logo and name for the page header, linking to its page. */
export function CommunityMark({ host }: { host: PublicEvent["host"] }) {
  return (
    <Link
      to="/c/$slug"
      params={{ slug: host.slug }}
      className="flex min-w-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <InitialsAvatar
        name={host.name}
        imageUrl={host.logoUrl}
        color={host.brandColor}
        size="md"
        className="rounded-lg"
      />
      <span className="truncate font-semibold tracking-tight" dir="auto">
        {host.name}
      </span>
    </Link>
  );
}
