// The picture a shared link shows for an event without a cover (/api/events/{id}/share.png):
// an SVG card rendered to a 1200x630 PNG by sharp (librsvg), with the system's fonts (decision 035).

import { createHash } from "node:crypto";
import sharp from "sharp";
import type { EventView } from "#server/modules/events/events.views.ts";
import { formatEventRange } from "#shared/event-time-format.ts";

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** What the card shows, as plain text; every piece is escaped when the SVG is written. */
export type ShareCard = {
  title: string;
  /** The date and time in the event's zone. */
  when: string;
  place: string | null;
  communityName: string;
  /** "#rrggbb"; anything else gets the default colour. */
  brandColor: string | null;
  /** The community's logo as a data: URI of a small PNG, or null for its initial. */
  logo: string | null;
  canceled: boolean;
};

const DEFAULT_BRAND = "#4f46e5";
const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

// Characters XML 1.0 cannot hold at all (C0 controls but tab and line breaks, U+FFFE, U+FFFF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it drops.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text for the SVG: characters XML refuses are dropped, the five markup ones become entities. */
export const escapeXml = (value: string) =>
  value
    .replace(NOT_XML, "")
    .replace(
      /[&<>"']/g,
      (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
    );

/** "Tue, Mar 3, 2026, 7:00 – 9:30 PM GMT+1", in the event's own zone (the server knows no other). */
export const eventWhen = (event: { startsAt: Date; endsAt: Date; timeZone: string }) =>
  formatEventRange(event.startsAt, event.endsAt, event.timeZone, "en-US");

/** The card of an event as a signed-out visitor sees it: the place, or "Online" (never its link). */
export function shareCardOf(event: EventView, logo: string | null): ShareCard {
  return {
    title: event.title,
    when: eventWhen(event),
    place:
      [event.venueName, event.venueAddress].filter(Boolean).join(", ") || (event.onlineUrl ? "Online" : null),
    communityName: event.host.name,
    brandColor: event.host.brandColor,
    logo,
    canceled: event.status === "canceled",
  };
}

/** The brand colour, and the text colour that reads on it (white, or near-black on light colours). */
export function cardColors(brandColor: string | null): { background: string; text: string } {
  const background =
    brandColor && /^#[0-9a-f]{6}$/i.test(brandColor) ? brandColor.toLowerCase() : DEFAULT_BRAND;
  const channel = (i: number) => {
    const c = Number.parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // White text needs a contrast of 4.5 (WCAG AA) against the background: (1.05) / (L + 0.05).
  return { background, text: 1.05 / (luminance + 0.05) >= 4.5 ? "#ffffff" : "#111827" };
}

/**
 * Splits text into at most `maxLines` lines of about `perLine` characters, breaking between words
 * (and inside a word longer than a line), with an ellipsis when some is left over. Widths are
 * counted in characters: the card's font is known, so a character's average width is too.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  const chars = (s: string) => [...s];
  for (const word of words) {
    let rest = word;
    while (chars(rest).length > perLine) {
      const room = line ? perLine - chars(line).length - 1 : perLine;
      // Too little room left on this line for a useful piece: the word starts a new one.
      if (line && room < 4) {
        lines.push(line);
        line = "";
        continue;
      }
      const head = chars(rest).slice(0, room).join("");
      lines.push(line ? `${line} ${head}` : head);
      line = "";
      rest = chars(rest).slice(room).join("");
    }
    if (!line) line = rest;
    else if (chars(line).length + 1 + chars(rest).length <= perLine) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = chars(kept[maxLines - 1] ?? "");
  kept[maxLines - 1] = `${last
    .slice(0, Math.max(0, perLine - 1))
    .join("")
    .trimEnd()}…`;
  return kept;
}

/** The card as SVG: the community at the top, the title large, the date and place below. */
export function shareCardSvg(card: ShareCard): string {
  const { width, height } = SHARE_IMAGE;
  const { background, text } = cardColors(card.brandColor);
  const titleLines = wrapText(card.title, card.title.length > 60 ? 30 : 24, 3);
  const titleSize = card.title.length > 60 ? 56 : 68;
  const titleTop = 250 - (titleLines.length - 1) * (titleSize * 0.55);
  const initial = [...card.communityName.trim()][0]?.toUpperCase() ?? "";
  const logo = card.logo
    ? `<clipPath id="logo"><rect x="80" y="64" width="88" height="88" rx="20"/></clipPath><rect x="80" y="64" width="88" height="88" rx="20" fill="#ffffff"/><image href="${escapeXml(card.logo)}" x="80" y="64" width="88" height="88" clip-path="url(#logo)" preserveAspectRatio="xMidYMid slice"/>`
    : `<rect x="80" y="64" width="88" height="88" rx="20" fill="${text}" fill-opacity="0.16"/><text x="124" y="124" font-size="44" font-weight="700" text-anchor="middle" fill="${text}">${escapeXml(initial)}</text>`;
  const lines = [
    logo,
    `<text x="196" y="121" font-size="34" font-weight="700" fill="${text}">${escapeXml(wrapText(card.communityName, 40, 1)[0] ?? "")}</text>`,
    `<text font-size="${titleSize}" font-weight="700" fill="${text}">${titleLines
      .map(
        (line, i) =>
          `<tspan x="80" y="${Math.round(titleTop + i * titleSize * 1.12 + titleSize)}">${escapeXml(line)}</tspan>`,
      )
      .join("")}</text>`,
    `<text x="80" y="${card.place ? 506 : 540}" font-size="34" fill="${text}">${escapeXml(card.canceled ? `Canceled · ${card.when}` : card.when)}</text>`,
    card.place
      ? `<text x="80" y="556" font-size="30" fill="${text}" fill-opacity="0.85">${escapeXml(wrapText(card.place, 60, 1)[0] ?? "")}</text>`
      : "",
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}"><rect width="${width}" height="${height}" fill="${background}"/>${lines.join("")}</svg>`;
}

/** A logo's bytes as the small PNG data: URI the card embeds, or null when they are no image. */
export async function logoDataUri(bytes: Uint8Array): Promise<string | null> {
  try {
    const png = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .resize(176, 176, { fit: "cover" })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    return null;
  }
}

export type ShareImage = { png: Buffer; etag: string };

/** Drawn again (a new version) when the card's design changes. */
const CARD_DESIGN = 1;

/**
 * What names one drawing of an event's card: the event's `updatedAt` and the community's name,
 * logo and colour, which are all it is drawn from. It is the image's ETag and the `?v=` of its
 * address in the page's tags, so chat apps that keep images by address fetch a changed one.
 */
export function shareImageVersion(event: {
  id: string;
  updatedAt: Date;
  host: { name: string; logoUrl: string | null; brandColor: string | null };
}): string {
  const { host } = event;
  return createHash("sha256")
    .update(
      JSON.stringify([
        event.id,
        event.updatedAt.toISOString(),
        host.name,
        host.logoUrl,
        host.brandColor,
        CARD_DESIGN,
      ]),
    )
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Rendered cards kept in memory, newest use last, within a byte budget: a popular link is drawn
 * once per change, not per request. Each is kept under its ETag (`shareImageVersion`), so a change
 * to what it is drawn from draws a new one. Two requests for the same card while it is drawn share it.
 */
export function createShareImages(options: { maxBytes: number }) {
  const cache = new Map<string, Promise<ShareImage>>();
  const sizes = new Map<string, number>();
  let bytes = 0;
  const evict = () => {
    for (const [key] of cache) {
      if (bytes <= options.maxBytes) break;
      const size = sizes.get(key);
      if (size === undefined) continue;
      cache.delete(key);
      sizes.delete(key);
      bytes -= size;
    }
  };
  return {
    get(etag: string, draw: () => Promise<ShareCard>): Promise<ShareImage> {
      const hit = cache.get(etag);
      if (hit) {
        cache.delete(etag);
        cache.set(etag, hit);
        return hit;
      }
      const made = draw()
        .then((card) =>
          sharp(Buffer.from(shareCardSvg(card)))
            .png({ compressionLevel: 9 })
            .toBuffer(),
        )
        .then((png) => {
          if (cache.get(etag) === made) {
            sizes.set(etag, png.length);
            bytes += png.length;
            evict();
          }
          return { png, etag };
        });
      made.catch(() => cache.delete(etag));
      cache.set(etag, made);
      return made;
    },
  };
}
