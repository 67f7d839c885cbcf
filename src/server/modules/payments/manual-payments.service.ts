import { z } from "zod";
import { type FieldError, invalidInput } from "#server/errors.ts";
import { communityEventTitles } from "#server/modules/events/events.service.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import {
  type RegistrationPayer,
  registrationOfPerson,
  registrationPayer,
} from "#server/modules/registrations/registration-payer.service.ts";
import { listUsers, usersByEmail } from "#server/modules/users/users.service.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { personNameProblem } from "#shared/person.ts";
import { insertPayment } from "./ledger.service.ts";
import type { ManualMethod, PaymentPurpose } from "./ledger.tables.ts";
import { checkAmount, checkCurrency } from "./ledger-rules.ts";
import {
  type PaymentsWriteCtx,
  type PaymentView,
  requirePayments,
  viewOfRow,
} from "./payment-reads.service.ts";

export type RecordPaymentInput = {
  purpose: PaymentPurpose;
  amountMinor: number;
  currency: string;
  method: ManualMethod;
  /** The payer as typed; optional when a registration or a member names them. */
  payerName?: string | null;
  payerEmail?: string | null;
  /** A member of the community who paid. */
  payerUserId?: string | null;
  /** The registration the payment is for (a ticket): its event and person become the payment's. */
  registrationId?: string | null;
  eventId?: string | null;
  note?: string | null;
  /** What receiving it cost (a transfer's bank charge), in the payment's minor units. */
  feeMinor?: number | null;
  /** When it was received, when not now: money taken at last week's event, recorded today. */
  paidAt?: Date | null;
};

/** A clock a minute ahead on the organizer's device still records "now". */
const FUTURE_SLACK_MS = 60_000;
/** As far back as the totals read (a period is at most ten years). */
const OLDEST_MS = 10 * 365 * 86_400_000;

/** The fee and the date: each problem named by its field. */
function checkFeeAndDate(input: RecordPaymentInput, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  const fee = input.feeMinor ?? 0;
  if (
    !Number.isSafeInteger(fee) ||
    fee < 0 ||
    (Number.isSafeInteger(input.amountMinor) && fee > input.amountMinor)
  )
    errors.push({
      field: "feeMinor",
      code: "OUT_OF_RANGE",
      message: "A fee is between zero and the amount.",
    });
  const at = input.paidAt;
  if (at && Number.isNaN(at.getTime()))
    errors.push({ field: "paidAt", code: "INVALID", message: "Enter the date it was paid." });
  else if (at && at.getTime() > now.getTime() + FUTURE_SLACK_MS)
    errors.push({ field: "paidAt", code: "IN_FUTURE", message: "A payment cannot be dated in the future." });
  else if (at && at.getTime() < now.getTime() - OLDEST_MS)
    errors.push({ field: "paidAt", code: "TOO_OLD", message: "Date it within the last ten years." });
  return errors;
}

const isEmail = (value: string) => z.email().safeParse(value).success;

type Payer = { userId: string | null; name: string; email: string | null };

/**
 * Who paid and what for, from the links given: a registration names its person and event; a
 * member names an account; otherwise the typed name (and address, which links the payment to the
 * member holding it). A ticket for an event the payer registered for links that registration.
 */
async function resolveLinks(ctx: PaymentsWriteCtx, communityId: string, input: RecordPaymentInput) {
  const errors: FieldError[] = [];
  const typedName = input.payerName?.trim() || null;
  const typedEmail = input.payerEmail?.trim().toLowerCase() || null;
  if (typedName) {
    const problem = personNameProblem(typedName);
    if (problem) errors.push({ field: "payerName", ...problem });
  }
  if (typedEmail && (isTooLong("emailAddress", typedEmail) || !isEmail(typedEmail)))
    errors.push({
      field: "payerEmail",
      code: "INVALID_EMAIL",
      message: "Enter an email address such as ada@example.com.",
    });
  let registration: RegistrationPayer | null = null;
  let eventId = input.eventId || null;
  let payer: Payer | null = null;
  if (input.registrationId) {
    registration = await registrationPayer(ctx.db, input.registrationId);
    if (!registration || registration.communityId !== communityId)
      errors.push({
        field: "registrationId",
        code: "NOT_FOUND",
        message: "No such registration in this community.",
      });
    else {
      if (input.purpose !== "ticket")
        errors.push({
          field: "purpose",
          code: "TICKET_ONLY",
          message: "A payment for a registration is for a ticket.",
        });
      if (eventId && eventId !== registration.eventId)
        errors.push({
          field: "eventId",
          code: "MISMATCH",
          message: "This registration is for another event.",
        });
      eventId = registration.eventId;
      payer = { userId: registration.userId, name: registration.name, email: registration.email };
    }
  } else if (eventId) {
    const titles = await communityEventTitles(ctx.db, communityId, [eventId]);
    if (!titles.has(eventId))
      errors.push({ field: "eventId", code: "NOT_FOUND", message: "No such event in this community." });
  }
  if (!payer && input.payerUserId) {
    const [person] = await listUsers(ctx.db, [input.payerUserId]);
    const member = person ? await getMembership(ctx.db, person.id, communityId) : null;
    if (!person || !member)
      errors.push({
        field: "payerUserId",
        code: "NOT_FOUND",
        message: "This person is not a member of the community.",
      });
    else payer = { userId: person.id, name: person.name, email: person.email };
  }
  if (!payer && typedEmail && errors.length === 0) {
    const person = (await usersByEmail(ctx.db, [typedEmail])).get(typedEmail);
    if (person && (await getMembership(ctx.db, person.id, communityId)))
      payer = { userId: person.id, name: typedName ?? person.name, email: typedEmail };
  }
  if (!payer) {
    if (!typedName) errors.push({ field: "payerName", code: "REQUIRED", message: "Enter who paid." });
    payer = { userId: null, name: typedName ?? "", email: typedEmail };
  } else if (typedName) payer = { ...payer, name: typedName };
  if (!registration && eventId && payer.userId && errors.length === 0)
    registration = await registrationOfPerson(ctx.db, eventId, payer.userId);
  return { payer, eventId, registrationId: registration?.registrationId ?? null, errors };
}

/** Money received outside Stripe (cash at the door, a bank transfer), recorded by an admin. */
export async function recordPayment(
  ctx: PaymentsWriteCtx,
  communityId: string,
  input: RecordPaymentInput,
): Promise<PaymentView> {
  const me = await requirePayments(ctx, communityId);
  // Every field's problem at once, so the form can show each next to its field.
  const { currency, errors } = checkCurrency("currency", input.currency);
  errors.push(...checkAmount("amountMinor", input.amountMinor, currency));
  const now = ctx.clock();
  errors.push(...checkFeeAndDate(input, now));
  const note = input.note?.trim() ?? "";
  if (isTooLong("paymentNote", note))
    errors.push({ field: "note", code: "TOO_LONG", message: tooLongMessage("paymentNote") });
  const links = await resolveLinks(ctx, communityId, input);
  errors.push(...links.errors);
  if (errors.length > 0) throw invalidInput(errors);
  const row = await ctx.db.transaction(async (tx) => {
    const { payment: written } = await insertPayment(tx, ctx.emit, {
      communityId,
      payer: links.payer,
      purpose: input.purpose,
      eventId: links.eventId,
      registrationId: links.registrationId,
      amountMinor: input.amountMinor,
      feeMinor: input.feeMinor ?? 0,
      currency: input.currency,
      method: input.method,
      note,
      status: "succeeded",
      createdBy: me.viewer.id,
      at: input.paidAt && input.paidAt.getTime() < now.getTime() ? input.paidAt : now,
    });
    return written;
  });
  return viewOfRow(ctx.db, row);
}
