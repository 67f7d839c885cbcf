import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { Button, type ButtonProps, buttonVariants } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useCancelRegistration } from "#client/features/registrations/api/my-registrations.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";

/** Asks before canceling: a freed seat goes to the next person on the waitlist right away. */
export function CancelRegistrationButton({
  registrationId,
  eventTitle,
  onCanceled,
  perform,
  variant = "outline",
  size = "sm",
  className,
}: {
  registrationId: string;
  eventTitle: string;
  onCanceled?: () => Promise<unknown>;
  /** Cancels another way than as the signed-in person (the private link); errors show in the dialog. */
  perform?: () => Promise<unknown>;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelRegistration({ onCanceled });
  const [performing, setPerforming] = useState(false);
  const busy = cancel.isPending || performing;

  async function confirm() {
    setError(null);
    try {
      if (perform) {
        setPerforming(true);
        await perform().finally(() => setPerforming(false));
      } else {
        await cancel.mutateAsync(registrationId);
      }
      setOpen(false);
      notify("success", `Your registration for ${eventTitle} is canceled`);
    } catch (caught) {
      setError(
        caught instanceof GraphQLRequestError && caught.code === "NOT_FOUND"
          ? "This registration no longer exists."
          : caught instanceof GraphQLRequestError && caught.code === "CHECKED_IN"
            ? "You're already checked in, so this registration can't be canceled."
            : caught instanceof Error
              ? caught.message
              : "Something went wrong. Please try again.",
      );
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant={variant} size={size} className={className}>
          Cancel registration
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Cancel your registration?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            You&apos;ll give up your place at <strong className="text-foreground">{eventTitle}</strong>. If
            the event is full, your spot goes to the next person on the waitlist.
          </AlertDialog.Description>
          <FieldError>{error}</FieldError>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })} disabled={busy}>
              Keep my spot
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {busy ? <Spinner label="Canceling" /> : null}
              Cancel registration
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
