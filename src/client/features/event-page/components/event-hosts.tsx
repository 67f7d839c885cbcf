import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";

/** Who hosts the event: its community, linked to the community's page. */
export function EventHosts({ event }: { event: PublicEvent }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid content-start gap-3">
      <h2 id={titleId} className="border-b pb-2 text-sm font-medium text-muted-foreground">
        Hosted by
      </h2>
      <Link
        to="/c/$slug"
        params={{ slug: event.host.slug }}
        className="group flex min-w-0 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <InitialsAvatar
          name={event.host.name}
          imageUrl={event.host.logoUrl}
          color={event.host.brandColor}
          size="lg"
          className="rounded-xl"
        />
        <span className="min-w-0 font-semibold wrap-anywhere group-hover:underline" dir="auto">
          {event.host.name}
        </span>
      </Link>
    </section>
  );
}
