import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import type { Db } from "#server/db/client.ts";
import { community, type EventStatus, event, registration, user } from "#server/db/schema.ts";
import type { RegistrationStatus } from "#server/modules/registrations/registration-transitions.ts";
import { type CapturedMail, mimeParts } from "#server/test/smtp-capture.ts";
import { type ParsedIcsEvent, parseIcs } from "#shared/ics.ts";

// Rows written straight to the tables, for driving the outbox without the events API.

const id = () => randomUUID();

export async function seedEvent(
  db: Db,
  values: { startsAt?: Date; status?: EventStatus; onlineUrl?: string | null; title?: string } = {},
) {
  const hostId = id();
  await db.insert(user).values({ id: hostId, name: "Hana Host", email: `host-${hostId}@example.test` });
  const communityId = id();
  await db.insert(community).values({
    id: communityId,
    slug: `mail-${randomBytes(4).toString("hex")}`,
    name: "Lyon Makers",
    timeZone: "Europe/Paris",
    currency: "EUR",
    visibility: "public",
    joinPolicy: "open",
    createdBy: hostId,
  });
  const startsAt = values.startsAt ?? new Date(Date.now() + 7 * 24 * 3600_000);
  const eventId = id();
  await db.insert(event).values({
    id: eventId,
    communityId,
    title: values.title ?? "Soldering night",
    description: "Bring a project; we bring irons.",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
    timeZone: "Europe/Paris",
    venueName: "La Fabrique",
    venueAddress: "12 rue des Ateliers, Lyon",
    onlineUrl: values.onlineUrl === undefined ? "https://meet.example.test/solder" : values.onlineUrl,
    status: values.status ?? "published",
    createdBy: hostId,
  });
  return { eventId, communityId, startsAt };
}

export async function seedRegistration(db: Db, eventId: string, status: RegistrationStatus, label = "guest") {
  const userId = id();
  const email = `${label}-${randomBytes(5).toString("hex")}@example.test`;
  await db
    .insert(user)
    .values({ id: userId, name: `${label[0]?.toUpperCase()}${label.slice(1)} Person`, email });
  const registrationId = id();
  const checkInCode = randomBytes(8).toString("hex");
  await db.insert(registration).values({ id: registrationId, eventId, userId, status, checkInCode });
  return { registrationId, email, checkInCode };
}

export const setRegistrationStatus = (db: Db, registrationId: string, status: RegistrationStatus) =>
  db.update(registration).set({ status }).where(eq(registration.id, registrationId));

/** The `.ics` attachment of a captured mail, parsed back. */
export function icsOf(mail: CapturedMail): { contentType: string; events: ParsedIcsEvent[] } | null {
  const part = mimeParts(mail.raw).find((p) => p.contentType.toLowerCase().startsWith("text/calendar"));
  if (!part) return null;
  // The capture's reader folds CRLF to LF; iCalendar lines end in CRLF.
  return {
    contentType: part.contentType,
    events: parseIcs(part.content.toString("utf8").replace(/\r?\n/g, "\r\n")),
  };
}

/** Decodes the inline QR image of a captured mail; null when there is none. */
export async function qrOf(mail: CapturedMail): Promise<{ text: string; cid: string } | null> {
  const part = mimeParts(mail.raw).find((p) => p.contentType.toLowerCase().startsWith("image/png"));
  if (!part) return null;
  const { data, info } = await sharp(part.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  return decoded ? { text: decoded.data, cid: part.headers.get("content-id") ?? "" } : null;
}

export const htmlOf = (mail: CapturedMail) =>
  mimeParts(mail.raw)
    .find((p) => p.contentType.toLowerCase().startsWith("text/html"))
    ?.content.toString("utf8") ?? "";
