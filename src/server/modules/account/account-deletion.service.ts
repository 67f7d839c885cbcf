import { DomainError } from "#server/errors.ts";
import { endSignIns } from "#server/modules/auth/account-erasure.service.ts";
import { checkCodeSend, codeLimitMessage } from "#server/modules/auth/code-limits.service.ts";
import {
  consumeDeletionCode,
  DELETION_CODE_MINUTES,
  issueDeletionCode,
} from "#server/modules/auth/deletion-code.service.ts";
import { checkTextSend, textLimitMessage } from "#server/modules/auth/phone-limits.service.ts";
import { type SendText, TextSendError } from "#server/modules/auth/phone-sender.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { ACCOUNT_EVENTS } from "#server/modules/log/log.events.ts";
import { forgetAddressInLog } from "#server/modules/log/log-erasure.service.ts";
import type { Mailer } from "#server/modules/mail/mail.service.ts";
import {
  communitiesToLeave,
  forgetMember,
  ownedCommunityIds,
} from "#server/modules/members/member-erasure.service.ts";
import { forgetInvitationsTo } from "#server/modules/membership/invitation-erasure.service.ts";
import { leaveCommunity } from "#server/modules/membership/join.service.ts";
import { anonymisePayer } from "#server/modules/payments/payer-erasure.service.ts";
import {
  forgetRegistrant,
  upcomingRegistrationIds,
} from "#server/modules/registrations/registration-erasure.service.ts";
import { cancelRegistration } from "#server/modules/registrations/registrations.service.ts";
import { DELETED_NAME, eraseUser, lockLiveUser } from "#server/modules/users/user-erasure.service.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import type { RequestContext } from "#server/request-context.ts";
import { deletionCodeMail } from "./account.mail.ts";
import { deletionCodeText } from "./account.texts.ts";
import { contactFor, type DeletionContact, deletionContact } from "./deletion-contact.service.ts";

// Deleting an account (docs/decisions/024-account-deletion.md): the person's own things go, what
// other people and communities keep stays and adds up, with the person anonymised in it. Each
// module forgets its part through its own service.

export type OwnedCommunity = { id: string; name: string; slug: string };

/** Communities the person owns: each must be handed over or deleted before the account can go. */
export async function ownedCommunities(db: RequestContext["db"], userId: string): Promise<OwnedCommunity[]> {
  const hosts = await communityHosts(db, await ownedCommunityIds(db, userId));
  return [...hosts.values()]
    .map(({ id, name, slug }) => ({ id, name, slug }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function refuseOwner(db: RequestContext["db"], userId: string) {
  const owned = await ownedCommunityIds(db, userId);
  if (owned.length > 0) {
    const them = owned.length === 1 ? "it" : "them";
    throw new DomainError(
      "OWNER_MUST_TRANSFER",
      `You own ${owned.length === 1 ? "a community" : `${owned.length} communities`}: transfer ownership of ${them} or delete ${them} first.`,
    );
  }
}

/**
 * Sends a fresh code that confirms the deletion: mailed under the sign-in code's limits, or, to
 * someone with only a phone, texted under the texts' limits (each text costs the operator).
 * A refused request leaves the code already sent in place.
 */
export async function sendDeletionCode(
  ctx: Pick<RequestContext, "db" | "viewer" | "clock" | "clientIp" | "authSecret">,
  options: { mailer: Mailer; sendText: SendText; appUrl: string },
): Promise<void> {
  const me = requireViewer(ctx.viewer);
  await refuseOwner(ctx.db, me.id);
  const contact = await deletionContact(ctx.db, me.id);
  const now = ctx.clock();
  if (contact.channel === "email") {
    const refusal = await checkCodeSend(ctx.db, { email: contact.email, address: ctx.clientIp });
    if (refusal) throw new DomainError(refusal.code, codeLimitMessage(refusal));
  } else {
    const refusal = await checkTextSend(ctx.db, {
      phoneNumber: contact.phoneNumber,
      address: ctx.clientIp,
      now,
    });
    if (refusal) throw new DomainError(refusal.code, textLimitMessage(refusal));
  }
  const code = await issueDeletionCode(ctx.db, { userId: me.id, secret: ctx.authSecret, now });
  const minutes = DELETION_CODE_MINUTES;
  if (contact.channel === "email") {
    await options.mailer.send(deletionCodeMail({ to: contact.email, code, appUrl: options.appUrl, minutes }));
    return;
  }
  try {
    await options.sendText(contact.phoneNumber, deletionCodeText({ code, appUrl: options.appUrl, minutes }));
  } catch (error) {
    if (!(error instanceof TextSendError)) throw error;
    throw new DomainError(
      error.code,
      error.code === "TEXT_UNAVAILABLE" ? "Texts cannot be sent right now. Try again later." : error.message,
    );
  }
}

/**
 * Deletes the viewer's account once the code is right. Answers where the confirmation goes (the
 * address, or the number of someone with only a phone: sent by the caller and kept nowhere) and the
 * sessions that ended (for the revocation list).
 */
export async function deleteAccount(
  ctx: RequestContext,
  code: string,
): Promise<{ contact: DeletionContact | null; sessionIds: string[] }> {
  const me = requireViewer(ctx.viewer);
  await consumeDeletionCode(ctx.db, { userId: me.id, secret: ctx.authSecret, code, now: ctx.clock() });
  await refuseOwner(ctx.db, me.id);
  const now = ctx.clock();

  // Through each module's own rules, so seats go to the waitlist and counts move as for anyone.
  for (const id of await upcomingRegistrationIds(ctx.db, me.id, now)) {
    await settle(() => cancelRegistration(ctx, id));
  }
  for (const communityId of await communitiesToLeave(ctx.db, me.id)) {
    await settle(() => leaveCommunity(ctx, communityId));
  }

  return ctx.db.transaction(async (tx) => {
    const live = await lockLiveUser(tx, me.id);
    if (!live) throw new DomainError("NOT_FOUND", "This account is already deleted.");
    const sessionIds = await endSignIns(tx, {
      userId: me.id,
      email: live.email,
      phoneNumber: live.phoneNumber,
    });
    await forgetRegistrant(tx, me.id);
    await forgetMember(tx, me.id);
    await anonymisePayer(tx, { userId: me.id, email: live.email, name: DELETED_NAME });
    await forgetInvitationsTo(tx, live.email);
    await forgetAddressInLog(tx, live.email, DELETED_NAME);
    await eraseUser(tx, me.id, now);
    await ctx.emit(tx, {
      type: "user.deleted",
      communityId: ACCOUNT_EVENTS,
      actorId: me.id,
      subjectId: me.id,
      payload: { userId: me.id },
    });
    return { contact: contactFor(live), sessionIds };
  });
}

/** A registration or membership that cannot be ended by hand (a checkout in progress) stays, anonymised. */
async function settle(step: () => Promise<unknown>) {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}
