import type { Mail } from "#server/modules/mail/mail.service.ts";
import type { DigestContext } from "#server/modules/registrations/organizer-mail-context.service.ts";
import type { RegistrationMailContext } from "#server/modules/registrations/registration-mail-context.service.ts";
import { type Block, compose, escapeHtml, formatEventTime, paragraph } from "./notifications.render.ts";

// Mail to organizers about their events' registrations; links go to the signed-in dashboard.

const link = (text: string, url: string): Block => ({
  text: `${text}: ${url}`,
  html: `<p><a href="${escapeHtml(url)}">${escapeHtml(text)}</a></p>`,
});

export function pendingOrganizerMail(
  organizer: { name: string; email: string },
  context: RegistrationMailContext,
  appUrl: string,
): Mail {
  const { event, person } = context;
  const dashboard = new URL(`/dashboard/${event.communityId}/events/${event.id}`, appUrl);
  return compose(organizer.email, `New request to join ${event.title}`, [
    paragraph(`Hi ${organizer.name || "there"},`),
    paragraph(
      `${person.name} asked to join ${event.title} (${formatEventTime(event)}). Approve or decline the request from the event's registrations.`,
    ),
    link("Review requests", dashboard.toString()),
  ]);
}

const STATUS_WORDS: Record<string, string> = {
  going: "going",
  waitlisted: "on the waitlist",
  pending: "waiting for approval",
  declined: "declined",
  canceled: "canceled since",
};

export function digestMail(context: DigestContext, appUrl: string): Mail {
  const lines = context.registrations.map((r) => `${r.name} · ${r.eventTitle} (${STATUS_WORDS[r.status]})`);
  const more = context.total - context.registrations.length;
  const list: Block = {
    text: [...lines, ...(more > 0 ? [`…and ${more} more`] : [])].join("\n"),
    html: `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}${
      more > 0 ? `<li>…and ${more} more</li>` : ""
    }</ul>`,
  };
  const plural = context.total === 1 ? "registration" : "registrations";
  return compose(context.organizer.email, `${context.total} new ${plural} · ${context.communityName}`, [
    paragraph(`Hi ${context.organizer.name || "there"},`),
    paragraph(`In the last day, ${context.communityName}'s events received ${context.total} new ${plural}:`),
    list,
    link("Open your events", new URL(`/dashboard/${context.communityId}/events`, appUrl).toString()),
    paragraph("You get this daily digest because you turned it on. Turn it off from any event's dashboard."),
  ]);
}
