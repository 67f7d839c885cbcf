import { CircleCheckIcon, ClockIcon, HourglassIcon, MailIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useResendTicket } from "#client/features/event-page/api/guest.ts";
import type { RegistrationStatus } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

const OUTCOME: Partial<Record<RegistrationStatus, { title: string; icon: typeof CircleCheckIcon }>> = {
  GOING: { title: "You're registered", icon: CircleCheckIcon },
  WAITLISTED: { title: "You're on the waitlist", icon: HourglassIcon },
  PENDING: { title: "Request sent — the organizer will confirm", icon: ClockIcon },
};

/** After a guest registers: the ticket went by mail, never to this screen. */
export function GuestConfirmation({ status, email }: { status: RegistrationStatus; email: string }) {
  const outcome = OUTCOME[status] ?? { title: "You're registered", icon: CircleCheckIcon };
  const Icon = outcome.icon;
  return (
    <div className="grid gap-4" role="status">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-success/15 text-success [&_svg]:size-5">
          <Icon aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <h3 className="text-lg leading-tight font-semibold">{outcome.title}</h3>
          <p className="text-sm text-muted-foreground">
            {status === "GOING" ? "We sent your ticket to " : "We sent the details to "}
            <strong className="font-medium break-all text-foreground">{email}</strong>.
          </p>
        </div>
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-muted px-3.5 py-3 text-sm">
        <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          The mail has a private link to see your QR code, add the event to your calendar or cancel. Not
          there? Check your spam folder.
        </span>
      </p>
    </div>
  );
}

/** A second registration for the same address: offer the ticket again, by mail only. */
export function AlreadyRegistered({ eventId, email }: { eventId: string; email: string }) {
  const resend = useResendTicket(eventId);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    setError(null);
    try {
      await resend.mutateAsync(email);
    } catch (caught) {
      setError(
        caught instanceof GraphQLRequestError ? caught.message : "Something went wrong. Please try again.",
      );
    }
  }
  return (
    <div className="grid gap-3 rounded-lg border bg-background p-4" role="status">
      <p className="text-sm">
        <strong className="font-medium break-all">{email}</strong> is already registered for this event.
      </p>
      {resend.isSuccess ? (
        <p className="text-sm text-muted-foreground">
          We sent the ticket to that address again. It can take a minute to arrive.
        </p>
      ) : (
        <Button type="button" variant="outline" className="w-fit" onClick={send} disabled={resend.isPending}>
          {resend.isPending ? <Spinner label="Sending" /> : <MailIcon aria-hidden="true" />}
          Resend my ticket
        </Button>
      )}
      <FieldError aria-live="assertive">{error}</FieldError>
    </div>
  );
}
