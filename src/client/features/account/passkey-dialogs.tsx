import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError } from "#client/lib/auth-client.ts";
import { notify } from "#client/lib/notify.ts";
import { type AccountPasskey, useRemovePasskey, useRenamePasskey } from "./api/passkeys-api.ts";

const NAME_MAX = 60;
const failure = (caught: unknown) =>
  caught instanceof AuthError ? caught.message : "We couldn't reach the server. Please try again.";

export function RenamePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: AccountPasskey | null;
  onClose: () => void;
}) {
  return (
    <Modal open={passkey !== null} onOpenChange={(open) => !open && onClose()} title="Rename passkey">
      {passkey ? <RenameForm key={passkey.id} passkey={passkey} onClose={onClose} /> : null}
    </Modal>
  );
}

function RenameForm({ passkey, onClose }: { passkey: AccountPasskey; onClose: () => void }) {
  const rename = useRenamePasskey();
  const id = useId();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("Give the passkey a name.");
    if (trimmed.length > NAME_MAX) return setError(`Keep the name under ${NAME_MAX} characters.`);
    setError(null);
    try {
      await rename.mutateAsync({ id: passkey.id, name: trimmed });
      notify("success", "Passkey renamed");
      onClose();
    } catch (caught) {
      setError(failure(caught));
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Passkey name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? <Spinner label="Saving" /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}

export function RemovePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: AccountPasskey | null;
  onClose: () => void;
}) {
  const remove = useRemovePasskey();
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!passkey) return;
    setError(null);
    try {
      await remove.mutateAsync(passkey.id);
      notify("success", `Passkey “${passkey.name}” removed`);
      onClose();
    } catch (caught) {
      setError(failure(caught));
    }
  }

  return (
    <Modal
      open={passkey !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title={passkey ? `Remove “${passkey.name}”?` : "Remove passkey?"}
      description="You won't be able to sign in with it any more. Remove it from the device's password manager too."
    >
      <FieldError>{error}</FieldError>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Keep it
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => void confirm()}
        >
          {remove.isPending ? <Spinner label="Removing" /> : null}
          Remove
        </Button>
      </div>
    </Modal>
  );
}
