import { MailIcon, XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { useMessageRegistrants } from "#client/features/events/api/registration-mutations.ts";
import { describeError } from "#client/features/events/error-message.ts";
import { REGISTRATION_STATUS_LABEL } from "#client/features/events/event-labels.ts";
import type { RegistrationStatus } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";

type Audience = "all" | "filtered";

/** Writes one email to everyone registered, or to those the current filters show. */
export function MessageRegistrantsDialog({
  eventId,
  status,
  ticketType,
}: {
  eventId: string;
  status: RegistrationStatus | undefined;
  ticketType: { id: string; name: string } | undefined;
}) {
  const id = useId();
  const send = useMessageRegistrants(eventId);
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const hasFilter = Boolean(status || ticketType);
  const [audience, setAudience] = useState<Audience>("all");
  const [errors, setErrors] = useState<{ subject?: string; body?: string; form?: string }>({});

  const filterLabel = [
    status ? REGISTRATION_STATUS_LABEL[status].toLowerCase() : undefined,
    ticketType ? `with “${ticketType.name}” tickets` : undefined,
  ]
    .filter(Boolean)
    .join(", ");

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const missing = {
      ...(subject.trim()
        ? { subject: nameCharactersProblem(subject.trim())?.message }
        : { subject: "Write a subject." }),
      ...(body.trim() ? {} : { body: "Write a message." }),
    };
    setErrors(missing);
    if (missing.subject || missing.body) return;
    const filtered = audience === "filtered" && hasFilter;
    try {
      const count = await send.mutateAsync({
        subject: subject.trim(),
        body,
        ...(filtered && status ? { status } : {}),
        ...(filtered && ticketType ? { ticketTypeId: ticketType.id } : {}),
      });
      notify("success", `Sending to ${countOf(count, { one: "person", other: "people" })}.`);
      setSubject("");
      setBody("");
      setOpen(false);
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === "BAD_USER_INPUT") {
        const next: typeof errors = {};
        for (const field of error.fields) {
          if (field.field.endsWith("subject")) next.subject = field.message;
          else if (field.field.endsWith("body")) next.body = field.message;
          else next.form = field.message;
        }
        if (!next.subject && !next.body && !next.form) next.form = error.message;
        setErrors(next);
        return;
      }
      setErrors({ form: describeError(error, "We couldn't send the message. Please try again.") });
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (send.isPending) return;
        setOpen(next);
        if (next) setAudience(hasFilter ? "filtered" : "all");
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline">
          <MailIcon aria-hidden="true" /> Email registrants
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[95dvh] w-[min(36rem,95vw)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl outline-none">
          <Dialog.Title className="text-lg font-semibold">Email registrants</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            Sent from Commons on behalf of your community; replies are not collected.
          </Dialog.Description>
          <form onSubmit={handleSubmit} noValidate className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">To</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-audience`}
                  className="size-4 accent-primary"
                  checked={audience === "all"}
                  onChange={() => setAudience("all")}
                />
                Everyone registered
              </label>
              <label className="flex items-center gap-2 text-sm has-[:disabled]:opacity-50">
                <input
                  type="radio"
                  name={`${id}-audience`}
                  className="size-4 accent-primary"
                  checked={audience === "filtered"}
                  disabled={!hasFilter}
                  onChange={() => setAudience("filtered")}
                />
                {hasFilter
                  ? `Only those ${filterLabel}`
                  : "Only the current filter (set a status or ticket filter first)"}
              </label>
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-subject`}>Subject</Label>
              <Input
                id={`${id}-subject`}
                maxLength={TEXT_LIMITS.messageSubject}
                value={subject}
                onChange={(event) => setSubject(event.target.value)}
                aria-invalid={errors.subject ? true : undefined}
                aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
              />
              <FieldError id={`${id}-subject-error`}>{errors.subject}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-body`}>Message</Label>
              <Textarea
                id={`${id}-body`}
                rows={8}
                maxLength={TEXT_LIMITS.messageBody}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={`${id}-body-hint${errors.body ? ` ${id}-body-error` : ""}`}
              />
              <FieldHint id={`${id}-body-hint`}>Plain text, sent as written.</FieldHint>
              <FieldError id={`${id}-body-error`}>{errors.body}</FieldError>
            </div>
            <FieldError>{errors.form}</FieldError>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline" disabled={send.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? <Spinner label="Sending" /> : null}
                Send
              </Button>
            </div>
          </form>
          <Dialog.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
