import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  type AnswerErrors,
  type Answers,
  toAnswerInput,
  validateAnswers,
  valuesOf,
} from "#client/features/event-page/answers.ts";
import { useStartCheckout } from "#client/features/event-page/api/checkout.ts";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { useRegisterAsGuest } from "#client/features/event-page/api/guest.ts";
import { useRegister } from "#client/features/event-page/api/register.ts";
import {
  type GuestErrors,
  type GuestValues,
  guestFieldErrors,
  validateGuest,
} from "#client/features/event-page/guest.ts";
import { describeRegisterError } from "#client/features/event-page/register-errors.ts";
import { availability } from "#client/features/event-page/spots.ts";
import { isPaid, isSoldOut, salesText } from "#client/features/event-page/ticket-sales.ts";
import type { AnswerInput, RegistrationStatus } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { leaveFor } from "#client/lib/leave-for.ts";
import { AnnouncementsConsent } from "./announcements-consent.tsx";
import { GuestFields } from "./guest-fields.tsx";
import { AlreadyRegistered, GuestConfirmation } from "./guest-result.tsx";
import { type OrderChoice, orderQuantity, PaidOrder, type PromoRefusal } from "./paid-order.tsx";
import { QuestionField } from "./question-field.tsx";
import type { EventPageSlots } from "./slots.ts";
import { TicketChoice } from "./ticket-choice.tsx";

function registerLabel(event: PublicEvent, paid: boolean): string {
  if (event.approvalRequired) return "Request to join";
  if (paid && availability(event).kind !== "waitlist") return "Continue to payment";
  if (availability(event).kind === "waitlist") return "Join the waitlist";
  return "Register";
}

export function RegistrationForm({
  event,
  slots,
  intro,
}: {
  event: PublicEvent;
  slots: EventPageSlots;
  /** Shown above the form, and gone once the guest's registration replaces it. */
  intro?: ReactNode;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const firstOpen = event.ticketTypes.find(
    (ticket) => !isSoldOut(ticket) && salesText(ticket, event.timeZone) === null,
  );
  const [ticketTypeId, setTicketTypeId] = useState(firstOpen?.id ?? event.ticketTypes[0]?.id ?? null);
  const register = useRegister(event.id);
  const registerGuest = useRegisterAsGuest(event.id);
  const checkout = useStartCheckout(event.id);
  const [order, setOrder] = useState<OrderChoice>({ quantity: 1, promoCode: null });
  const [promoRefusal, setPromoRefusal] = useState<PromoRefusal | null>(null);
  const [guest, setGuest] = useState<GuestValues>({ name: "", email: "" });
  const [announcements, setAnnouncements] = useState(false);
  const [guestErrors, setGuestErrors] = useState<GuestErrors>({});
  const [guestDone, setGuestDone] = useState<{ status: RegistrationStatus; email: string } | null>(null);
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(null);
  // The organizer may require a verified email; the server may also say so when it changed meanwhile.
  const [verifyFirst, setVerifyFirst] = useState(event.requireVerifiedEmail);
  const guestMode = !slots.isSignedIn && !verifyFirst;
  // Still pending while the browser leaves for Stripe's page.
  const pending = register.isPending || registerGuest.isPending || checkout.isPending || checkout.isSuccess;
  const full = availability(event).kind === "full";
  const chosen = event.ticketTypes.find((ticket) => ticket.id === ticketTypeId);
  // Paid tickets are bought at checkout; a ticket off sale can't be had.
  const paid = chosen ? isPaid(chosen) : false;
  const offSale = chosen ? salesText(chosen, event.timeZone) : null;
  // A paid seat is asked for (approval) or waited for (a full event's waitlist), and paid once offered.
  const askFirst: "approval" | "waitlist" | null = !paid
    ? null
    : event.approvalRequired
      ? "approval"
      : availability(event).kind === "waitlist"
        ? "waitlist"
        : null;
  const buying = paid && askFirst === null;

  function showErrors(next: AnswerErrors, nextGuest: GuestErrors = {}) {
    flushSync(() => {
      setErrors(next);
      setGuestErrors(nextGuest);
    });
    formRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"], [aria-invalid="true"] button')
      ?.focus();
  }

  async function submitRegistration() {
    setFormError(null);
    const sent: AnswerInput[] = toAnswerInput(event.questions, answers);
    try {
      await register.mutateAsync({
        ticketTypeId,
        answers: sent,
        announcements,
        ...(askFirst ? { quantity: order.quantity } : {}),
      });
      await slots.onRegistered?.();
    } catch (caught) {
      const failure = describeRegisterError(caught, event.questions, sent);
      if (failure.needsSignIn) setSigningIn(true);
      setFormError(failure.message);
      if (Object.keys(failure.fields).length > 0) showErrors(failure.fields);
    }
  }

  /**
   * Where a refusal goes: an address already registered offers the ticket again, a required
   * verified email opens sign-in, field errors go beside their fields, anything else under the form.
   */
  function showFailure(caught: unknown, sent: AnswerInput[], email: string, asGuest: boolean) {
    const code = caught instanceof GraphQLRequestError ? caught.code : null;
    const promo =
      caught instanceof GraphQLRequestError ? caught.fields.find((f) => f.field === "promoCode") : null;
    if (promo && order.promoCode) {
      const refused = { promoCode: order.promoCode, message: promo.message };
      flushSync(() => setPromoRefusal(refused));
      formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
      return;
    }
    if (asGuest && code === "ALREADY_REGISTERED") {
      setAlreadyRegistered(email);
      return;
    }
    if (code === "VERIFIED_EMAIL_REQUIRED") {
      setVerifyFirst(true);
      setSigningIn(true);
      return;
    }
    const failure = describeRegisterError(caught, event.questions, sent);
    if (failure.needsSignIn) setSigningIn(true);
    const fields = asGuest ? guestFieldErrors(caught) : {};
    const hasFields = Object.keys(failure.fields).length + Object.keys(fields).length > 0;
    setFormError(hasFields ? null : (failure.message ?? (caught as Error).message));
    if (hasFields) showErrors(failure.fields, fields);
  }

  async function submitAsGuest() {
    setFormError(null);
    setAlreadyRegistered(null);
    const sent: AnswerInput[] = toAnswerInput(event.questions, answers);
    const email = guest.email.trim();
    try {
      const result = await registerGuest.mutateAsync({
        name: guest.name.trim(),
        email,
        ticketTypeId,
        answers: sent,
        announcements,
        ...(askFirst ? { quantity: order.quantity } : {}),
      });
      setGuestDone(result);
    } catch (caught) {
      showFailure(caught, sent, email, true);
    }
  }

  /** Holds the seats and leaves for Stripe's page; a code that took the whole price needs no page. */
  async function submitCheckout() {
    if (!chosen) return;
    setFormError(null);
    setAlreadyRegistered(null);
    const sent: AnswerInput[] = toAnswerInput(event.questions, answers);
    const email = guest.email.trim();
    try {
      const started = await checkout.mutateAsync({
        ticketTypeId: chosen.id,
        quantity: orderQuantity(chosen, order.quantity),
        promoCode: order.promoCode,
        answers: sent,
        guest: guestMode ? { name: guest.name.trim(), email } : null,
        announcements,
      });
      if (started.url) {
        leaveFor(started.url);
        return;
      }
      checkout.reset();
      if (guestMode) setGuestDone({ status: "GOING", email });
      else await slots.onRegistered?.();
    } catch (caught) {
      showFailure(caught, sent, email, guestMode);
    }
  }

  function handleSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (offSale) return;
    const found = validateAnswers(event.questions, answers);
    const foundGuest = guestMode ? validateGuest(guest) : {};
    if (Object.keys(found).length > 0 || Object.keys(foundGuest).length > 0) {
      setFormError(null);
      showErrors(found, foundGuest);
      return;
    }
    setErrors({});
    setGuestErrors({});
    if (buying && (guestMode || slots.isSignedIn)) {
      void submitCheckout();
      return;
    }
    if (guestMode) {
      void submitAsGuest();
      return;
    }
    if (!slots.isSignedIn) {
      setSigningIn(true);
      return;
    }
    void submitRegistration();
  }

  function setAnswer(questionId: string, values: string[]) {
    setAnswers((current) => ({ ...current, [questionId]: values }));
    if (errors[questionId]) {
      setErrors(({ [questionId]: _fixed, ...rest }) => rest);
    }
  }

  if (full) {
    return (
      <p className="rounded-lg bg-muted px-4 py-3 text-sm">
        This event is full and has no waitlist. Check back later — spots open up when people cancel.
      </p>
    );
  }

  if (guestDone) return <GuestConfirmation status={guestDone.status} email={guestDone.email} />;

  const showChoice =
    event.ticketTypes.length > 1 ||
    event.ticketTypes.some((ticket) => ticket.priceMinor > 0 || salesText(ticket, event.timeZone) !== null);
  const askPerson = guestMode && !offSale;
  const askQuestions = !offSale;
  const hasFields = askPerson || showChoice || (askQuestions && event.questions.length > 0);
  return (
    <div className="grid gap-5">
      {intro ? <div className="-mb-5">{intro}</div> : null}
      <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5" aria-label="Registration">
        {askPerson ? (
          <GuestFields
            idPrefix={id}
            values={guest}
            errors={guestErrors}
            onChange={(next) => {
              setGuest(next);
              setAlreadyRegistered(null);
              const fixed = Object.fromEntries(
                Object.entries(guestErrors).filter(
                  ([key]) => next[key as keyof GuestValues] === guest[key as keyof GuestValues],
                ),
              );
              if (Object.keys(fixed).length !== Object.keys(guestErrors).length) setGuestErrors(fixed);
            }}
          />
        ) : null}
        {showChoice ? (
          <TicketChoice
            tickets={event.ticketTypes}
            timeZone={event.timeZone}
            value={ticketTypeId}
            onChange={setTicketTypeId}
          />
        ) : null}
        {paid && chosen && !offSale ? (
          <PaidOrder
            eventId={event.id}
            ticket={chosen}
            choice={order}
            onChange={setOrder}
            refusal={promoRefusal}
            askFirst={askFirst ? { reason: askFirst, offerHours: event.waitlistOfferHours } : null}
          />
        ) : null}
        {(askQuestions ? event.questions : []).map((question) => (
          <QuestionField
            key={question.id}
            idPrefix={id}
            question={question}
            values={valuesOf(answers, question.id)}
            error={errors[question.id]}
            onChange={(values) => setAnswer(question.id, values)}
          />
        ))}
        {offSale ? null : (
          <AnnouncementsConsent
            id={`${id}-announcements`}
            communityName={event.host.name}
            checked={announcements}
            onChange={setAnnouncements}
          />
        )}
        {askPerson || (askQuestions && event.questions.some((question) => question.required)) ? (
          <p className="-mt-1 text-xs text-muted-foreground">
            <span className="text-destructive" aria-hidden="true">
              *
            </span>{" "}
            Required
          </p>
        ) : null}
        {signingIn ? null : offSale ? (
          <div className={cn("grid gap-2", hasFields && "pt-1")}>
            <Button
              type="submit"
              size="lg"
              className="h-11 w-full text-base"
              disabled
              aria-describedby={`${id}-blocked`}
            >
              {registerLabel(event, paid)}
            </Button>
            <p id={`${id}-blocked`} className="text-center text-sm text-muted-foreground">
              {offSale}
            </p>
          </div>
        ) : (
          <div className={cn("grid gap-2", hasFields && "pt-1")}>
            <Button type="submit" size="lg" className="h-11 w-full text-base" disabled={pending}>
              {pending ? <Spinner label={buying ? "Starting checkout" : "Registering"} /> : null}
              {registerLabel(event, paid)}
            </Button>
            {buying ? (
              <p className="text-center text-xs text-muted-foreground">
                You pay on Stripe&apos;s secure page; your seats are held for 30 minutes meanwhile.
                {guestMode ? " Your ticket and receipt come by email." : ""}
              </p>
            ) : slots.isSignedIn ? null : guestMode ? (
              <p className="text-center text-xs text-muted-foreground">
                We&apos;ll email your ticket, with a private link to manage it. No account needed.
              </p>
            ) : (
              <p className="text-center text-xs text-muted-foreground">
                You&apos;ll confirm your email with a one-time code — no password.
              </p>
            )}
            {event.guests ? (
              <p className="text-center text-xs text-muted-foreground">
                Your name and picture appear in the list of who is going.
              </p>
            ) : null}
          </div>
        )}
        <FieldError aria-live="assertive">{formError}</FieldError>
      </form>
      {alreadyRegistered ? <AlreadyRegistered eventId={event.id} email={alreadyRegistered} /> : null}
      {signingIn ? (
        <section
          aria-label="Sign in to register"
          className="grid gap-4 rounded-xl border bg-background p-4 sm:p-5"
        >
          {slots.renderSignIn({
            onSignedIn: async () => {
              setSigningIn(false);
              if (buying) await submitCheckout();
              else await submitRegistration();
            },
            onCancel: () => setSigningIn(false),
          })}
        </section>
      ) : null}
    </div>
  );
}
