import type { EventStatus, EventVisibility } from "./events.tables.ts";

/** How far an event travels beyond the people who open its link (decision 035). */
export type EventReach = {
  /** Link previews (Open Graph tags, the generated share image) show the event itself. */
  preview: boolean;
  /** Search engines may index its page and read its structured data. */
  index: boolean;
  /** The sitemap lists it. */
  sitemap: boolean;
};

/**
 * What a signed-out visitor may see decides it all. Drafts and members-only events show them
 * nothing; an event of a private community shows them only the community's name and logo, as its
 * page does; an unlisted event previews in the chats its link is posted in but is never offered
 * to search engines; a canceled public event stays indexed (with its status) but leaves the sitemap.
 */
export function eventReach(
  event: { status: EventStatus; visibility: EventVisibility },
  communityVisibility: "public" | "private",
): EventReach {
  const preview =
    communityVisibility === "public" && event.status !== "draft" && event.visibility !== "members";
  const index = preview && event.visibility === "public";
  return { preview, index, sitemap: index && event.status === "published" };
}
