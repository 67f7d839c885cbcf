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
import {
  type CodeGoesTo,
  deletionQueryOptions,
  useDeleteAccount,
  useSendDeletionCode,
} from "./api/deletion-api.ts";

const failure = (caught: unknown) =>
  caught instanceof AuthError ? caught.message : "We couldn't reach the server. Please try again.";

/**
 * "Delete my account": owned communities first, then a code mailed to the account's address, or
 * texted to the number of someone who signed up by phone.
 */
export function DeleteAccountSection({
  user,
  onDeleted,
}: {
  user: { email: string; phoneNumber: string | null };
  onDeleted: () => Promise<void>;
}) {
  const facts = useQuery(deletionQueryOptions(user));
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
      {facts.isPending ? (
        <Skeleton className="h-10 w-48" />
      ) : facts.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="alert" className="text-destructive">
            {failure(facts.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void facts.refetch()}>
            Try again
          </Button>
        </div>
      ) : facts.data.ownedCommunities.length > 0 ? (
        <div className="grid gap-2 rounded-xl border bg-card p-4 text-sm">
          <p className="font-medium">
            Before you can delete your account, transfer or delete these communities:
          </p>
          <ul className="grid list-disc gap-1 pl-5">
            {facts.data.ownedCommunities.map((community) => (
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
        {open && facts.data ? (
          <ConfirmDeletion
            goesTo={facts.data.codeGoesTo}
            onDeleted={onDeleted}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </section>
  );
}

/** The address, or the masked number, read out as "the number ending in 4567" rather than as dots. */
function Recipient({ goesTo }: { goesTo: CodeGoesTo }) {
  if (goesTo.channel === "email") return <span className="font-medium text-foreground">{goesTo.to}</span>;
  return (
    <span className="font-medium text-foreground tabular-nums">
      <span aria-hidden="true">{goesTo.to}</span>
      <span className="sr-only">your number ending in {goesTo.to.slice(-4)}</span>
    </span>
  );
}

const WORDS = {
  email: { we: "mail", button: "Email me a code", from: "the mail" },
  text: { we: "text", button: "Text me a code", from: "the text" },
} as const;

function ConfirmDeletion({
  goesTo,
  onDeleted,
  onCancel,
}: {
  goesTo: CodeGoesTo;
  onDeleted: () => Promise<void>;
  onCancel: () => void;
}) {
  const words = WORDS[goesTo.channel];
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
      setError(`Enter the 6-digit code from ${words.from}.`);
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
          This cannot be undone. To confirm it is you, we'll {words.we} a code to{" "}
          <Recipient goesTo={goesTo} />.
        </p>
        <FieldError>{error}</FieldError>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Keep my account
          </Button>
          <Button onClick={() => void sendCode()} disabled={send.isPending}>
            {send.isPending ? <Spinner label="Sending" /> : null}
            {words.button}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void confirm(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Code from {words.from}</Label>
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
        <FieldHint>
          We sent it to <Recipient goesTo={goesTo} />. It works for 10 minutes.
        </FieldHint>
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
