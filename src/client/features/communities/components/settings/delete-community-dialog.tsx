import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";

/** Same rule as the server: surrounding spaces are forgiven, case and everything else is not. */
export function confirmationMatches(typed: string, name: string): boolean {
  return typed.trim() === name;
}

/**
 * Asks the owner to type the community's exact name. `onDelete` resolves with an error message
 * to show, or null once the community is gone (the caller navigates away).
 */
export function DeleteCommunityDialog({
  communityName,
  onDelete,
}: {
  communityName: string;
  onDelete: (confirmName: string) => Promise<string | null>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = confirmationMatches(typed, communityName);

  async function handleDelete(event: React.FormEvent) {
    event.preventDefault();
    if (!matches || pending) return;
    setPending(true);
    setError(null);
    const message = await onDelete(typed.trim());
    setPending(false);
    if (message) setError(message);
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) {
          setTyped("");
          setError(null);
        }
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="destructive">Delete community</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(32rem,95vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Delete {communityName}?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            This permanently deletes the community with its members, events, payments records and files. It
            can't be undone.
          </AlertDialog.Description>
          <form onSubmit={handleDelete} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-confirm`}>
                Type <span className="font-semibold">{communityName}</span> to confirm
              </Label>
              <Input
                id={`${id}-confirm`}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })} disabled={pending}>
                Cancel
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={!matches || pending}>
                {pending ? <Spinner label="Deleting" /> : null}
                Delete this community
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
