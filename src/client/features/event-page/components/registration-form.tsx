import { type CSSProperties, type FormEvent, type ReactNode, useId, useRef, useState } from "react";
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
import type { AnswerInput, RegistrationStatus } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { GuestFields } from "./guest-fields.tsx";
import { AlreadyRegistered, GuestConfirmation } from "./guest-result.tsx";
import { QuestionField } from "./question-field.tsx";
import type { EventPageSlots } from "./slots.ts";
import { TicketChoice } from "./ticket-choice.tsx";

function registerLabel(event: PublicEvent): string {
  if (event.approvalRequired) return "Request to join";
  if (availability(event).kind === "waitlist") return "Join the waitlist";
  return "Register";
}

export function RegistrationForm({
  event,
  slots,
  brandStyle,
  intro,
}: {
  event: PublicEvent;
  slots: EventPageSlots;
  brandStyle: CSSProperties | null;
  /** Shown above the form, and gone once the guest's registration replaces it. */
  intro?: ReactNode;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const firstOpen = event.ticketTypes.find((ticket) => ticket.remaining === null || ticket.remaining > 0);
  const [ticketTypeId, setTicketTypeId] = useState(firstOpen?.id ?? event.ticketTypes[0]?.id ?? null);
  const register = useRegister(event.id);
  const registerGuest = useRegisterAsGuest(event.id);
  const [guest, setGuest] = useState<GuestValues>({ name: "", email: "" });
  const [guestErrors, setGuestErrors] = useState<GuestErrors>({});
  const [guestDone, setGuestDone] = useState<{ status: RegistrationStatus; email: string } | null>(null);
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(null);
  // The organizer may require a verified email; the server may also say so when it changed meanwhile.
  const [verifyFirst, setVerifyFirst] = useState(event.requireVerifiedEmail);
  const guestMode = !slots.isSignedIn && !verifyFirst;
  const pending = register.isPending || registerGuest.isPending;
  const full = availability(event).kind === "full";

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
      await register.mutateAsync({ ticketTypeId, answers: sent });
      await slots.onRegistered?.();
    } catch (caught) {
      const failure = describeRegisterError(caught, event.questions, sent);
      if (failure.needsSignIn) setSigningIn(true);
      setFormError(failure.message);
      if (Object.keys(failure.fields).length > 0) showErrors(failure.fields);
    }
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
      });
      setGuestDone(result);
    } catch (caught) {
      const code = caught instanceof GraphQLRequestError ? caught.code : null;
      if (code === "ALREADY_REGISTERED") {
        setAlreadyRegistered(email);
        return;
      }
      if (code === "VERIFIED_EMAIL_REQUIRED") {
        setVerifyFirst(true);
        setSigningIn(true);
        return;
      }
      const failure = describeRegisterError(caught, event.questions, sent);
      const fields = guestFieldErrors(caught);
      const hasFields = Object.keys(failure.fields).length + Object.keys(fields).length > 0;
      setFormError(hasFields ? null : (failure.message ?? (caught as Error).message));
      if (hasFields) showErrors(failure.fields, fields);
    }
  }

  function handleSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const found = validateAnswers(event.questions, answers);
    const foundGuest = guestMode ? validateGuest(guest) : {};
    if (Object.keys(found).length > 0 || Object.keys(foundGuest).length > 0) {
      setFormError(null);
      showErrors(found, foundGuest);
      return;
    }
    setErrors({});
    setGuestErrors({});
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

  const hasFields = guestMode || event.ticketTypes.length > 1 || event.questions.length > 0;
  return (
    <div className="grid gap-5">
      {intro ? <div className="-mb-5">{intro}</div> : null}
      <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5" aria-label="Registration">
        {guestMode ? (
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
        {event.ticketTypes.length > 1 ? (
          <TicketChoice tickets={event.ticketTypes} value={ticketTypeId} onChange={setTicketTypeId} />
        ) : null}
        {event.questions.map((question) => (
          <QuestionField
            key={question.id}
            idPrefix={id}
            question={question}
            values={valuesOf(answers, question.id)}
            error={errors[question.id]}
            onChange={(values) => setAnswer(question.id, values)}
          />
        ))}
        {guestMode || event.questions.some((question) => question.required) ? (
          <p className="-mt-1 text-xs text-muted-foreground">
            <span className="text-destructive" aria-hidden="true">
              *
            </span>{" "}
            Required
          </p>
        ) : null}
        {signingIn ? null : (
          <div className={cn("grid gap-2", hasFields && "pt-1")}>
            <Button
              type="submit"
              size="lg"
              className="h-11 w-full text-base"
              style={brandStyle ?? undefined}
              disabled={pending}
            >
              {pending ? <Spinner label="Registering" /> : null}
              {registerLabel(event)}
            </Button>
            {slots.isSignedIn ? null : guestMode ? (
              <p className="text-center text-xs text-muted-foreground">
                We&apos;ll email your ticket, with a private link to manage it. No account needed.
              </p>
            ) : (
              <p className="text-center text-xs text-muted-foreground">
                You&apos;ll confirm your email with a one-time code — no password.
              </p>
            )}
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
              await submitRegistration();
            },
            onCancel: () => setSigningIn(false),
          })}
        </section>
      ) : null}
    </div>
  );
}
