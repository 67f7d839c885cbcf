import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError } from "#client/lib/auth-client.ts";
import { deletionQueryOptions, useDeleteAccount, useSendDeletionCode } from "./api/deletion-api.ts";

const failure = (caught: unknown) =>
  caught instanceof AuthError ? caught.message : "We couldn't reach the server. Please try again.";

/** "Delete my account": owned communities first, then a code mailed to the account's address. */
export function DeleteAccountSection({
  email,
  onDeleted,
}: {
  email: string;
  onDeleted: () => Promise<void>;
}) {
  const owned = useQuery(deletionQueryOptions());
  const [open, setOpen] = useState(false);

  return (
    <section aria-labelledby="delete-account-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="delete-account-title" className="text-xl font-semibold tracking-tight">
          Delete your account
        </h2>
        <p className="text-sm text-muted-foreground">
          Your profile, sign-in methods and memberships go, and your upcoming registrations are canceled.
          Communities keep past attendance and payments with your name removed.
        </p>
      </div>
      {owned.isPending ? (
        <Skeleton className="h-10 w-48" />
      ) : owned.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="alert" className="text-destructive">
            {failure(owned.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void owned.refetch()}>
            Try again
          </Button>
        </div>
      ) : owned.data.length > 0 ? (
        <div className="grid gap-2 rounded-xl border bg-card p-4 text-sm">
          <p className="font-medium">
            Before you can delete your account, transfer or delete these communities:
          </p>
          <ul className="grid list-disc gap-1 pl-5">
            {owned.data.map((community) => (
              <li key={community.id}>
                <Link
                  to="/dashboard/$communityId/edit"
                  params={{ communityId: community.id }}
                  className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                >
                  {community.name}
                </Link>{" "}
                <span className="text-muted-foreground">(settings: transfer ownership or delete)</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete my account…
          </Button>
        </div>
      )}
      <Modal open={open} onOpenChange={setOpen} title="Delete your account?">
        {open ? (
          <ConfirmDeletion email={email} onDeleted={onDeleted} onCancel={() => setOpen(false)} />
        ) : null}
      </Modal>
    </section>
  );
}

function ConfirmDeletion({
  email,
  onDeleted,
  onCancel,
}: {
  email: string;
  onDeleted: () => Promise<void>;
  onCancel: () => void;
}) {
  const send = useSendDeletionCode();
  const remove = useDeleteAccount();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const codeId = useId();
  const errorId = useId();

  async function sendCode() {
    setError(null);
    try {
      await send.mutateAsync();
      setSent(true);
    } catch (caught) {
      setError(failure(caught));
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError("Enter the 6-digit code from the mail.");
      return;
    }
    try {
      await remove.mutateAsync(code.trim());
      await onDeleted();
    } catch (caught) {
      setError(failure(caught));
    }
  }

  if (!sent) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          This cannot be undone. To confirm it is you, we'll mail a code to {email}.
        </p>
        <FieldError>{error}</FieldError>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Keep my account
          </Button>
          <Button onClick={() => void sendCode()} disabled={send.isPending}>
            {send.isPending ? <Spinner label="Sending" /> : null}
            Email me a code
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void confirm(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Code from the mail</Label>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <FieldHint>We sent it to {email}. It works for 10 minutes.</FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep my account
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? <Spinner label="Deleting" /> : null}
          Delete my account
        </Button>
      </div>
    </form>
  );
}
