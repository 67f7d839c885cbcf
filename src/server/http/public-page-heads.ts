// The heads of the public pages (/e/{id}, /c/{slug}) beyond the app's shell: link previews, the
// canonical address, whether search engines may index the page, and an event's structured data.
// The routes that render the pages call these; what may be shown is decided by `eventReach`.

import type { SharedEvent } from "#server/modules/events/event-sharing.service.ts";
import { publicPath } from "#server/modules/events/events.views.ts";
import type { PublicCommunityView } from "#server/modules/membership/join.service.ts";
import { eventStructuredData, jsonLdScript } from "./event-structured-data.ts";
import { markdownToPlainText } from "./markdown-text.ts";
import { type PageMeta, previewMeta } from "./page-meta.ts";
import { eventWhen, SHARE_IMAGE, shareImageVersion } from "./share-image.ts";

/** The address of an event's generated share image; the version makes chat apps fetch a changed one. */
export const shareImagePath = (event: Parameters<typeof shareImageVersion>[0]) =>
  `/api/events/${event.id}/share.png?v=${shareImageVersion(event)}`;

/**
 * The head of /e/{id} for what a signed-out visitor may see of the event; null when they may see
 * nothing of it (a draft, a members-only event), so the shell's own head stays.
 */
export function eventPageHead(shared: SharedEvent, site: { appUrl: string; now: Date }): PageMeta | null {
  const { event, reach } = shared;
  const absolute = (pathname: string) => new URL(pathname, site.appUrl).toString();
  const url = absolute(publicPath(event.id));
  const host = event.host;
  if (!reach.preview) {
    if (host.visibility !== "private" || event.status === "draft" || event.visibility === "members")
      return null;
    // A private community's event shows strangers what the community's page does: name and logo.
    return previewMeta({
      documentTitle: `${host.name} · Commons`,
      title: host.name,
      description: `An event of ${host.name} on Commons.`,
      url,
      siteName: host.name,
      image: host.logoUrl ? { url: absolute(host.logoUrl), alt: host.name, large: false } : null,
      noindex: true,
    });
  }
  const description = markdownToPlainText(event.description, 200);
  const when = eventWhen(event);
  const image = event.coverUrl
    ? { url: absolute(event.coverUrl), alt: event.title, large: true }
    : {
        url: absolute(shareImagePath(event)),
        alt: `${event.title}, ${when}, ${host.name}`,
        ...SHARE_IMAGE,
        large: true,
      };
  const structured = reach.index
    ? jsonLdScript(
        eventStructuredData(
          {
            ...event,
            description,
            online: Boolean(event.onlineUrl),
            currency: host.currency,
            ticketTypes: shared.ticketTypes,
          },
          {
            url,
            image: image.url,
            organizer: { name: host.name, url: absolute(`/c/${host.slug}`) },
            now: site.now,
          },
        ),
      )
    : null;
  return previewMeta({
    documentTitle: `${event.title} · ${host.name}`,
    title: event.title,
    description: description || `${host.name} event`,
    url,
    siteName: host.name,
    image,
    type: "event",
    noindex: !reach.index,
    extra: structured ? [structured] : [],
  });
}

/**
 * The head of /c/{slug}: a private community's page shows a stranger its name and logo only, and
 * is not indexed (decision 035); its members see the rest.
 */
export function communityPageHead(page: PublicCommunityView, site: { appUrl: string }): PageMeta {
  const absolute = (pathname: string) => new URL(pathname, site.appUrl).toString();
  const { community, full } = page;
  const cover = full ? community.coverUrl : null;
  const image = cover
    ? { url: absolute(cover), alt: community.name, large: true }
    : community.logoUrl
      ? { url: absolute(community.logoUrl), alt: community.name, large: false }
      : null;
  return previewMeta({
    documentTitle: `${community.name} · Commons`,
    title: community.name,
    description:
      (full ? markdownToPlainText(community.description, 200) : "") || `Join ${community.name} on Commons.`,
    url: absolute(`/c/${community.slug}`),
    siteName: community.name,
    image,
    noindex: community.visibility !== "public",
  });
}
