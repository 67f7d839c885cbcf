import type { Db } from "#server/db/client.ts";
import type { Mail } from "#server/modules/mail/mail.service.ts";
import {
  decisionMailContext,
  invitationMailContext,
  type PlanFace,
  pastDueMailContext,
} from "#server/modules/membership/membership-mail-context.service.ts";
import { formatMoney } from "#shared/money.ts";
import { type Block, compose, escapeHtml, paragraph } from "./notifications.render.ts";
import type { MemberMailPayload } from "./notifications.service.ts";

// Mail to a person about their membership, rendered as things stand when it is sent.

const button = (text: string, url: string): Block => ({
  text: `${text}: ${url}`,
  html: `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(text)}</a></p>`,
});

const ROLE_WORDS = {
  owner: "the owner",
  admin: "an admin",
  organizer: "an organizer",
  member: "a member",
} as const;

const PER = { month: " a month", year: " a year", once: " once", free: "" } as const;

const planPrice = (plan: PlanFace) => `${formatMoney(plan.priceMinor, plan.currency)}${PER[plan.interval]}`;

const expiry = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date);

export async function memberMail(
  o: { db: Db; appUrl: string; secret: string; now: () => Date },
  payload: MemberMailPayload,
): Promise<Mail | string> {
  if (payload.mail === "invitation") {
    const context = await invitationMailContext(o.db, payload.invitationId, o.secret, o.now());
    if (typeof context === "string") return context;
    const url = new URL(context.path, o.appUrl).toString();
    const who = context.inviterName ? `${context.inviterName} invited you` : "You are invited";
    return compose(context.to, `You're invited to join ${context.community.name}`, [
      paragraph(`${who} to join ${context.community.name} on Commons as ${ROLE_WORDS[context.role]}.`),
      button("Accept the invitation", url),
      paragraph(
        `The link works once, until ${expiry(context.expiresAt)} UTC. Sign in with this address (${context.to}) to accept; if you have no account yet, signing in creates one.`,
      ),
    ]);
  }
  if (payload.mail === "plan_past_due") {
    const context = await pastDueMailContext(o.db, payload.communityId, payload.userId, payload.planId);
    if (typeof context === "string") return context;
    return compose(context.to, `Your ${context.plan.name} payment did not go through`, [
      paragraph(`Hi ${context.name || "there"},`),
      paragraph(
        `We could not take the payment of ${planPrice(context.plan)} for your ${context.plan.name} membership of ${context.community.name}. Stripe will try your card again over the next days, and your membership goes on meanwhile; if every try fails, the membership ends.`,
      ),
      paragraph("To keep it, check or change your card under Manage billing on your profile."),
      button("Update payment details", new URL("/me", o.appUrl).toString()),
    ]);
  }
  const context = await decisionMailContext(o.db, payload.communityId, payload.userId, payload.mail);
  if (typeof context === "string") return context;
  const greeting = paragraph(`Hi ${context.name || "there"},`);
  if (payload.mail === "approved") {
    const plan = context.planToPay;
    const page = new URL(`/c/${context.community.slug}`, o.appUrl);
    if (plan) {
      page.searchParams.set("plan", plan.id);
      return compose(context.to, `Welcome to ${context.community.name}: one step left`, [
        greeting,
        paragraph(
          `Your request to join ${context.community.name} was approved. Your ${plan.name} membership (${planPrice(plan)}) starts once you have paid; nothing was charged before.`,
        ),
        button(`Pay for ${plan.name}`, page.toString()),
      ]);
    }
    return compose(context.to, `Welcome to ${context.community.name}`, [
      greeting,
      paragraph(`Your request to join ${context.community.name} was approved: you are now a member.`),
      button("Open the community", page.toString()),
    ]);
  }
  return compose(context.to, `Your request to join ${context.community.name}`, [
    greeting,
    paragraph(`Your request to join ${context.community.name} was declined.`),
    ...(payload.message ? [paragraph(`A note from the admins:\n${payload.message}`)] : []),
  ]);
}
