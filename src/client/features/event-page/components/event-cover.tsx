import { useState } from "react";
import { initialsOf } from "#client/components/ui/initials-avatar.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";

const frame = "w-full overflow-hidden rounded-2xl border shadow-sm";

/**
 * The cover as it was cropped in the form (2:1). Without one, or when it fails to load, a
 * gradient in the community's colour with the title's initials stands in: never a broken image.
 */
export function EventCover({ event }: { event: PublicEvent }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const aspect = { aspectRatio: String(IMAGE_ASPECT.eventCover) };
  if (event.coverUrl && event.coverUrl !== failedUrl) {
    const url = event.coverUrl;
    return (
      <img
        src={url}
        alt=""
        // The largest image above the fold: fetched first, never lazily.
        fetchPriority="high"
        onError={() => setFailedUrl(url)}
        style={aspect}
        className={`${frame} bg-muted object-cover`}
      />
    );
  }
  const tint = event.host.brandColor ?? "var(--primary)";
  return (
    <div
      aria-hidden="true"
      data-testid="cover-fallback"
      className={`${frame} relative grid place-items-center bg-muted`}
      style={{
        ...aspect,
        backgroundImage: `radial-gradient(circle at 20% 15%, color-mix(in oklab, ${tint} 70%, transparent), transparent 60%), radial-gradient(circle at 85% 90%, color-mix(in oklab, ${tint} 45%, transparent), transparent 55%), linear-gradient(135deg, color-mix(in oklab, ${tint} 30%, var(--card)), var(--card))`,
      }}
    >
      <span className="text-6xl font-bold tracking-tight text-foreground/30 sm:text-7xl">
        {initialsOf(event.title)}
      </span>
    </div>
  );
}
