import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { TEXT_LIMITS } from "#shared/limits.ts";

/**
 * Controlled from outside, so a dropdown item can open it. `onConfirm` resolves with an error
 * message to show, or null when the event is canceled (the dialog then closes).
 */
export function CancelEventDialog({
  open,
  onOpenChange,
  eventTitle,
  registrants,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventTitle: string;
  registrants: number;
  onConfirm: (message: string) => Promise<string | null>;
}) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    const failure = await onConfirm(message);
    setPending(false);
    if (failure) {
      setError(failure);
      return;
    }
    setMessage("");
    onOpenChange(false);
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setError(null);
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(32rem,95vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Cancel “{eventTitle}”?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {registrants > 0
              ? `Everyone registered (${registrants}) gets an email that the event is canceled. This can't be undone.`
              : "The event stays listed as canceled. This can't be undone."}
          </AlertDialog.Description>
          <form onSubmit={handleSubmit} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-message`}>
                Message to registrants <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Textarea
                id={`${id}-message`}
                rows={4}
                maxLength={TEXT_LIMITS.cancelMessage}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                placeholder="Sorry, we have to cancel because…"
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              />
              <FieldHint id={`${id}-hint`}>Included in the cancellation email.</FieldHint>
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })} disabled={pending}>
                Keep event
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={pending}>
                {pending ? <Spinner label="Canceling" /> : null}
                Cancel event
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
