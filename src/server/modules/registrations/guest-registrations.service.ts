import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, type FieldError, invalidInput, notFound } from "#server/errors.ts";
import { hit } from "#server/modules/auth/throttle.service.ts";
import { canSeeOnlineUrl, eventAccess } from "#server/modules/events/events.policy.ts";
import type { EventRow } from "#server/modules/events/events.views.ts";
import { lockEvent } from "#server/modules/events/seats.service.ts";
import { people, userIdForEmail } from "#server/modules/users/users.service.ts";
import { EMAIL_PATTERN } from "#shared/email.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { readManageToken } from "./manage-token.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import {
  ACTIVE,
  cancelLocked,
  lockForRegistration,
  placeRegistration,
  type RegisterInput,
  viewOf,
} from "./registrations.service.ts";
import { registration } from "./registrations.tables.ts";
import type { RegistrationView, WriteCtx } from "./registrations.views.ts";

// One-step registration for signed-out visitors (docs/decisions/007-guest-registration.md): a
// name and an address make a registration, never a session. Its mails carry a private link.

/** What guest operations need beyond a viewer: the client address for limits, the link secret. */
export type GuestCtx = WriteCtx & { clientIp: string; authSecret: string };

type Limit = { max: number; windowSeconds: number };
export const GUEST_LIMITS: Record<
  "registerPerEmail" | "registerPerAddress" | "resendPerEmail" | "resendPerAddress",
  Limit
> = {
  registerPerEmail: { max: 5, windowSeconds: 60 * 60 },
  // A venue's guests may share one address: many, but not an unbounded stream.
  registerPerAddress: { max: 30, windowSeconds: 60 * 60 },
  resendPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resendPerAddress: { max: 30, windowSeconds: 60 * 60 },
};

/** The longest address SMTP carries (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;
// Control characters and line breaks would let a name forge lines in mail and logs.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export type GuestRegisterInput = RegisterInput & { name: string; email: string };

export function validateGuest(input: { name: string; email: string }) {
  const errors: FieldError[] = [];
  const name = input.name.trim().replace(/\s+/g, " ");
  const email = input.email.trim().toLowerCase();
  if (!name) errors.push({ field: "name", code: "REQUIRED", message: "Enter your name." });
  else if (isTooLong("personName", name))
    errors.push({ field: "name", code: "TOO_LONG", message: tooLongMessage("personName") });
  else if (CONTROL.test(input.name.trim()))
    errors.push({
      field: "name",
      code: "INVALID_NAME",
      message: "Use letters, spaces and punctuation only.",
    });
  if (!email) errors.push({ field: "email", code: "REQUIRED", message: "Enter your email address." });
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    errors.push({
      field: "email",
      code: "INVALID_EMAIL",
      message: "Enter an email address like name@example.com.",
    });
  return { name, email, errors };
}

async function limit(db: Db, key: string, rule: Limit, code: "RATE_LIMITED" | "RATE_LIMITED_EMAIL") {
  const result = await hit(db, { key, ...rule });
  if (result.allowed) return;
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new DomainError(
    code,
    code === "RATE_LIMITED_EMAIL"
      ? `Too many registrations for this email address. Try again in ${minutes} minutes.`
      : `Too many registrations from your network. Try again in ${minutes} minutes.`,
  );
}

/**
 * A signed-out visitor's name and address, checked and counted against the guest limits: what
 * registering and buying as a guest both start with.
 */
export async function checkGuest(
  ctx: Pick<GuestCtx, "db" | "clientIp">,
  input: { name: string; email: string },
): Promise<{ name: string; email: string }> {
  const { name, email, errors } = validateGuest(input);
  if (errors.length > 0) throw invalidInput(errors);
  await limit(ctx.db, `guest-register:ip:${ctx.clientIp}`, GUEST_LIMITS.registerPerAddress, "RATE_LIMITED");
  await limit(ctx.db, `guest-register:email:${email}`, GUEST_LIMITS.registerPerEmail, "RATE_LIMITED_EMAIL");
  return { name, email };
}

/** Refuses a guest an event they may not sign up for without a session; the event row is locked. */
export function requireGuestAccess(row: EventRow): void {
  const access = eventAccess(row, null, null);
  if (access === "hidden") throw notFound();
  if (access === "unauthenticated" || row.requireVerifiedEmail) {
    throw new DomainError(
      "VERIFIED_EMAIL_REQUIRED",
      "The organizer asks you to confirm your email with a code before registering.",
    );
  }
}

export async function registerAsGuest(
  ctx: GuestCtx,
  eventId: string,
  input: GuestRegisterInput,
): Promise<{ status: RegistrationStatus; email: string }> {
  const { name, email } = await checkGuest(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const userId = await userIdForEmail(tx, email);
    const lock = await lockForRegistration(tx, eventId, userId);
    requireGuestAccess(lock.row);
    try {
      const placed = await placeRegistration(tx, ctx.emit, lock, userId, input, { guestName: name });
      return { status: placed.status, email };
    } catch (error) {
      if (error instanceof DomainError && error.code === "ALREADY_REGISTERED") {
        throw new DomainError(
          "ALREADY_REGISTERED",
          "This email address is already registered for this event. We can send the ticket to it again.",
        );
      }
      throw error;
    }
  });
}

/**
 * Sends the registration mail again to the address, if it holds an active registration for the
 * event. The answer is the same either way: the screen never tells who is registered.
 */
export async function resendTicket(ctx: GuestCtx, eventId: string, rawEmail: string): Promise<boolean> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) {
    throw invalidInput([
      { field: "email", code: "INVALID_EMAIL", message: "Enter an email address like name@example.com." },
    ]);
  }
  await limit(ctx.db, `guest-resend:ip:${ctx.clientIp}`, GUEST_LIMITS.resendPerAddress, "RATE_LIMITED");
  await limit(ctx.db, `guest-resend:email:${email}`, GUEST_LIMITS.resendPerEmail, "RATE_LIMITED_EMAIL");
  await ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, eventId);
    const access = eventAccess(row, null, null);
    if (access === "hidden") throw notFound();
    if (access === "unauthenticated") {
      throw new DomainError("VERIFIED_EMAIL_REQUIRED", "Sign in with a code to see your registration.");
    }
    const [found] = await tx
      .select({ id: registration.id, status: registration.status, userId: registration.userId })
      .from(registration)
      .innerJoin(people, eq(people.id, registration.userId))
      .where(
        and(eq(registration.eventId, eventId), eq(people.email, email), inArray(registration.status, ACTIVE)),
      )
      .limit(1);
    if (found) {
      await ctx.emit(tx, {
        type: "registration.ticket_resent",
        communityId: row.communityId,
        actorId: null,
        subjectId: found.userId,
        payload: { registrationId: found.id, eventId, status: found.status },
      });
    }
  });
  return true;
}

/** A registration seen through its private link: what its person may see, without a session. */
export type ManagedRegistrationView = {
  token: string;
  registration: RegistrationView;
  onlineUrl: string | null;
  canCancel: boolean;
};

async function managedView(ctx: GuestCtx, token: string, id: string): Promise<ManagedRegistrationView> {
  const view = await viewOf(ctx.db, null, id);
  const eventView = await view.loaders.event(view.eventId);
  if (!eventView) throw notFound();
  // Held seats end with their payment, not by canceling.
  const active = ACTIVE.includes(view.status) && view.status !== "held";
  return {
    token,
    registration: view,
    onlineUrl: canSeeOnlineUrl(false, view.status) ? eventView.onlineUrl : null,
    canCancel:
      active && !view.checkedInAt && eventView.status !== "canceled" && eventView.endsAt > new Date(),
  };
}

const idFromToken = (ctx: GuestCtx, token: string) => {
  const id = readManageToken(ctx.authSecret, token);
  if (!id) throw notFound();
  return id;
};

export async function managedRegistration(ctx: GuestCtx, token: string): Promise<ManagedRegistrationView> {
  return managedView(ctx, token, idFromToken(ctx, token));
}

export async function cancelByToken(ctx: GuestCtx, token: string): Promise<ManagedRegistrationView> {
  const id = idFromToken(ctx, token);
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(registration).where(eq(registration.id, id)).limit(1);
    if (!found) throw notFound();
    const eventRow = await lockEvent(tx, found.eventId);
    const [current] = await tx.select().from(registration).where(eq(registration.id, id)).limit(1);
    if (!current) throw notFound();
    await cancelLocked(
      tx,
      { reason: "cancel", actorId: current.userId, communityId: eventRow.communityId, emit: ctx.emit },
      current,
    );
  });
  return managedView(ctx, token, id);
}
