import type { EventMailContext } from "#server/modules/events/event-mail-context.service.ts";
import type { Mail, MailAttachment } from "#server/modules/mail/mail.service.ts";
import type { RegistrationMailContext } from "#server/modules/registrations/registration-mail-context.service.ts";
import { formatEventRange } from "#shared/event-time-format.ts";
import { buildIcs } from "#shared/ics.ts";
import type { EventMailType, RegistrationMailKind } from "./notifications.service.ts";
import { qrPng } from "./qr-png.ts";

// Plain text plus simple HTML for every message; times in the event's own zone; links on APP_URL.

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const QR_CID = "check-in-qr@commons";

/** The same words the browser shows, in US English: mail has no reader locale to follow. */
export function formatEventTime(event: Pick<EventMailContext, "startsAt" | "endsAt" | "timeZone">): string {
  return formatEventRange(event.startsAt, event.endsAt, event.timeZone, "en-US");
}

const place = (event: EventMailContext) =>
  [event.venueName, event.venueAddress].filter((part): part is string => Boolean(part)).join(", ") || null;

const eventUrl = (event: EventMailContext, appUrl: string) => new URL(event.publicPath, appUrl).toString();

export type Block = { text: string; html: string };

export const paragraph = (text: string): Block => ({
  text,
  html: `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>`,
});

function details(event: EventMailContext, appUrl: string, showOnlineLink: boolean): Block {
  const rows: [string, string, string?][] = [["When", formatEventTime(event)]];
  const where = place(event);
  if (where) rows.push(["Where", where]);
  if (event.onlineUrl) {
    rows.push(
      showOnlineLink
        ? ["Online", event.onlineUrl, event.onlineUrl]
        : ["Online", "the link is sent to people who are going"],
    );
  }
  const url = eventUrl(event, appUrl);
  rows.push(["Event page", url, url]);
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html: `<table style="border-collapse:collapse;margin:16px 0">${rows
      .map(
        ([label, value, href]) =>
          `<tr><td style="padding:2px 12px 2px 0;color:#555;vertical-align:top">${escapeHtml(label)}</td><td>${
            href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)
          }</td></tr>`,
      )
      .join("")}</table>`,
  };
}

/** The private link: the person's ticket, calendar and cancel, without signing in. */
function manageBlock(context: RegistrationMailContext, appUrl: string): Block {
  const url = new URL(context.managePath, appUrl).toString();
  return {
    text: `Manage your registration (your ticket, add to calendar, cancel): ${url}\nThis link is yours alone: don't forward this mail.`,
    html: `<p><a href="${escapeHtml(url)}">Manage your registration</a> — see your ticket, add it to your calendar or cancel.<br><span style="color:#555;font-size:14px">This link is yours alone: don't forward this mail.</span></p>`,
  };
}

export function compose(
  to: string,
  subject: string,
  blocks: Block[],
  attachments: MailAttachment[] = [],
): Mail {
  return {
    to,
    subject,
    text: `${blocks.map((b) => b.text).join("\n\n")}\n`,
    html: `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111">${blocks
      .map((b) => b.html)
      .join("\n")}</div>`,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

function icsAttachment(event: EventMailContext, appUrl: string): MailAttachment {
  const where = place(event);
  return {
    filename: "event.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: buildIcs({
      uid: `${event.id}@${new URL(appUrl).host}`,
      title: event.title,
      description: event.description,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: where ?? event.onlineUrl,
      url: eventUrl(event, appUrl),
      status: event.status === "canceled" ? "CANCELLED" : "CONFIRMED",
      organizerName: event.hostName,
    }),
  };
}

function ticket(checkInCode: string): { block: Block; attachment: MailAttachment } {
  const png = qrPng(checkInCode, { width: 240, margin: 2, errorCorrectionLevel: "M" });
  return {
    block: {
      text: `Your check-in code: ${checkInCode}\nShow it at the door (the QR code is in the HTML version of this mail).`,
      html: `<p>Show this code at the door:</p><p><img src="cid:${QR_CID}" width="240" height="240" alt="Check-in code ${escapeHtml(checkInCode)}"></p><p style="font-family:monospace">${escapeHtml(checkInCode)}</p>`,
    },
    attachment: { filename: "check-in.png", contentType: "image/png", content: png, cid: QR_CID },
  };
}

/** The mails about one person's registration; going ones carry the ticket and the calendar file. */
export async function registrationMail(
  kind: RegistrationMailKind,
  context: RegistrationMailContext,
  appUrl: string,
): Promise<Mail> {
  const { event, person } = context;
  const hello = paragraph(`Hi ${person.name || "there"},`);
  const going = context.status === "going";
  const goingMail = async (subject: string, lead: string) => {
    const qr = ticket(context.checkInCode);
    return compose(
      person.email,
      subject,
      [
        hello,
        paragraph(lead),
        details(event, appUrl, true),
        qr.block,
        manageBlock(context, appUrl),
        paragraph(`Hosted by ${event.hostName}.`),
      ],
      [qr.attachment, icsAttachment(event, appUrl)],
    );
  };
  switch (kind) {
    case "confirmation":
      return goingMail(`You're going: ${event.title}`, `You're registered for ${event.title}.`);
    case "promoted":
      return goingMail(
        `A spot opened up: you're going to ${event.title}`,
        `Good news: a spot opened up and you moved from the waitlist. You're now going to ${event.title}.`,
      );
    case "approved":
      return goingMail(
        `Approved: you're going to ${event.title}`,
        `${event.hostName} approved your registration. You're going to ${event.title}.`,
      );
    case "waitlisted":
      return compose(person.email, `You're on the waitlist for ${event.title}`, [
        hello,
        paragraph(
          `${event.title} is full, so you're on the waitlist${
            context.waitlistPosition ? ` (number ${context.waitlistPosition})` : ""
          }. If a spot opens up you'll be moved in automatically and we'll send you your ticket.`,
        ),
        details(event, appUrl, going),
        manageBlock(context, appUrl),
      ]);
    case "pending":
      return compose(person.email, `Registration received: ${event.title}`, [
        hello,
        paragraph(
          `${event.hostName} reviews registrations for ${event.title}. We'll write again once they decide.`,
        ),
        details(event, appUrl, going),
        manageBlock(context, appUrl),
      ]);
    case "declined":
      return compose(person.email, `Your registration for ${event.title} was declined`, [
        hello,
        paragraph(`${event.hostName} could not accept your registration for ${event.title} this time.`),
        paragraph(`Other events on Commons: ${new URL("/", appUrl).toString()}`),
      ]);
    case "offer": {
      const url = new URL(context.managePath, appUrl).toString();
      const until = context.holdExpiresAt
        ? new Intl.DateTimeFormat("en-US", {
            dateStyle: "long",
            timeStyle: "short",
            timeZone: event.timeZone,
          }).format(context.holdExpiresAt)
        : null;
      const seats = context.quantity === 1 ? "A seat is" : `${context.quantity} seats are`;
      return compose(
        person.email,
        `${seats} yours at ${event.title}: pay to keep ${context.quantity === 1 ? "it" : "them"}`,
        [
          hello,
          paragraph(
            `${seats} free at ${event.title} and held for you${until ? ` until ${until} (${event.timeZone})` : ""}. Pay by then to get your ticket; after that ${context.quantity === 1 ? "it goes" : "they go"} to the next person in line.`,
          ),
          {
            text: `Pay now: ${url}`,
            html: `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Pay now</a></p>`,
          },
          details(event, appUrl, false),
          paragraph("This link is yours alone: don't forward this mail."),
        ],
      );
    }
    case "canceled":
      return compose(person.email, `Canceled: your registration for ${event.title}`, [
        hello,
        paragraph(
          `Your registration for ${event.title} (${formatEventTime(event)}) is canceled. Your spot is free for someone else.`,
        ),
        paragraph(`Changed your mind? Register again on the event page: ${eventUrl(event, appUrl)}`),
      ]);
  }
}

export async function eventMail(
  type: EventMailType,
  context: RegistrationMailContext,
  appUrl: string,
  options: { message?: string | null } = {},
): Promise<Mail> {
  const { event, person } = context;
  const hello = paragraph(`Hi ${person.name || "there"},`);
  const going = context.status === "going";
  switch (type) {
    case "changed":
      return compose(
        person.email,
        `Updated: ${event.title}`,
        [
          hello,
          paragraph(`${event.hostName} changed the details of ${event.title}. This is how it stands now:`),
          details(event, appUrl, going),
        ],
        going ? [icsAttachment(event, appUrl)] : [],
      );
    case "canceled": {
      const message = options.message ?? event.cancelMessage;
      return compose(person.email, `Canceled: ${event.title}`, [
        hello,
        paragraph(`${event.hostName} canceled ${event.title} (${formatEventTime(event)}).`),
        ...(message ? [paragraph(`Message from ${event.hostName}:\n\n${message}`)] : []),
      ]);
    }
    case "reminder": {
      const qr = ticket(context.checkInCode);
      return compose(
        person.email,
        `Tomorrow: ${event.title}`,
        [
          hello,
          paragraph(`A reminder that ${event.title} starts soon.`),
          details(event, appUrl, true),
          qr.block,
          manageBlock(context, appUrl),
        ],
        [qr.attachment],
      );
    }
  }
}

export function organizerMail(
  context: RegistrationMailContext,
  message: { subject: string; body: string },
  appUrl: string,
): Mail {
  const { event, person } = context;
  return compose(person.email, `${message.subject} · ${event.title}`, [
    paragraph(message.body),
    paragraph(`— ${event.hostName}, about ${event.title}: ${eventUrl(event, appUrl)}`),
  ]);
}
