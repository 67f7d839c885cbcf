import { useQuery } from "@tanstack/react-query";
import { KeyRoundIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError } from "#client/lib/auth-client.ts";
import { notify } from "#client/lib/notify.ts";
import { passkeysSupported } from "#client/lib/webauthn.ts";
import { type AccountPasskey, passkeysQueryOptions, useAddPasskey } from "./api/passkeys-api.ts";
import { RemovePasskeyDialog, RenamePasskeyDialog } from "./passkey-dialogs.tsx";

const NAME_MAX = 60;
const day = (at: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(at));
export const passkeyFailure = (caught: unknown) =>
  caught instanceof AuthError ? caught.message : "We couldn't reach the server. Please try again.";

/** Passkeys of the account: add one on this device, see when each was used, rename or remove it. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQueryOptions());
  const [renaming, setRenaming] = useState<AccountPasskey | null>(null);
  const [removing, setRemoving] = useState<AccountPasskey | null>(null);

  return (
    <section aria-labelledby="passkeys-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="passkeys-title" className="text-xl font-semibold tracking-tight">
          Passkeys
        </h2>
        <p className="text-sm text-muted-foreground">
          Sign in with your fingerprint, face or device PIN instead of a mailed code.
        </p>
      </div>
      {passkeys.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : passkeys.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="alert" className="text-destructive">
            {passkeyFailure(passkeys.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void passkeys.refetch()}>
            Try again
          </Button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You haven't added a passkey yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex min-w-0 items-start gap-3">
                <KeyRoundIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="grid min-w-0 gap-0.5">
                  <p className="truncate font-medium">{passkey.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {passkey.createdAt ? `Added ${day(passkey.createdAt)}` : "Added"} ·{" "}
                    {passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : "Not used yet"}
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Rename ${passkey.name}`}
                  onClick={() => setRenaming(passkey)}
                >
                  Rename
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <AddPasskeyForm />
      ) : (
        <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
      )}
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("Give the passkey a name, like the device it is on.");
    if (trimmed.length > NAME_MAX) return setError(`Keep the name under ${NAME_MAX} characters.`);
    setError(null);
    try {
      await add.mutateAsync(trimmed);
      setName("");
      notify("success", `Passkey “${trimmed}” added`);
    } catch (caught) {
      setError(passkeyFailure(caught));
    }
  }

  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid min-w-56 flex-1 gap-2">
        <Label htmlFor={`${id}-name`}>Name for a new passkey</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={NAME_MAX + 20}
          placeholder="Work laptop"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? <Spinner label="Waiting for your device" /> : <KeyRoundIcon aria-hidden="true" />}
        Add a passkey
      </Button>
      <FieldError id={`${id}-error`} className="basis-full">
        {error}
      </FieldError>
    </form>
  );
}
