import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { ImageUploadField } from "#client/components/upload/image-upload-field.tsx";
import { saveAvatar, saveProfileName } from "#client/features/profile/api/update-profile.ts";
import { AuthError, type AuthUser } from "#client/lib/auth-client.ts";
import { notify } from "#client/lib/notify.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";
import { type ProfileNameOutput, type ProfileNameValues, profileNameSchema } from "./profile-schema.ts";

/** The avatars bucket's limit (docs/storage-api.md). */
const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** The server's refusals of a name or photo carry a message meant for the person. */
const FIELD_CODES = new Set(["NETWORK_ERROR", "REQUIRED", "TOO_LONG", "INVALID_CHARACTERS", "INVALID_IMAGE"]);

function errorMessage(error: unknown): string {
  if (error instanceof AuthError && FIELD_CODES.has(error.code)) return error.message;
  if (error instanceof AuthError && error.status === 401) return "Your session has ended. Sign in again.";
  return "We couldn't save your profile. Please try again.";
}

/**
 * `onSaved` refreshes the signed-in user everywhere (menus, sidebar) after a change is stored.
 */
export function ProfileForm({ user, onSaved }: { user: AuthUser; onSaved: () => Promise<unknown> }) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="photo-heading" className="rounded-2xl border bg-card p-5 shadow-xs sm:p-8">
        <h2 id="photo-heading" className="mb-1 text-lg font-semibold">
          Photo
        </h2>
        <p className="mb-6 text-sm text-muted-foreground">
          Shown next to your name in communities you're part of. It's saved as soon as it uploads.
        </p>
        <AvatarField user={user} onSaved={onSaved} />
      </section>
      <section aria-labelledby="details-heading" className="rounded-2xl border bg-card p-5 shadow-xs sm:p-8">
        <h2 id="details-heading" className="mb-6 text-lg font-semibold">
          Details
        </h2>
        <NameForm user={user} onSaved={onSaved} />
      </section>
    </div>
  );
}

function AvatarField({ user, onSaved }: { user: AuthUser; onSaved: () => Promise<unknown> }) {
  const errorId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(url: string | null) {
    setSaving(true);
    setError(null);
    try {
      await saveAvatar(url);
      await onSaved();
      notify("success", url ? "Photo updated." : "Photo removed.");
    } catch (caught) {
      const message = errorMessage(caught);
      setError(message);
      notify("error", message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid max-w-xs gap-2">
      <ImageUploadField
        // A new stored photo (or its removal) starts the field afresh instead of keeping its local preview.
        key={user.image ?? "none"}
        label="Profile photo"
        hint="Square; JPEG, PNG, WebP, GIF or AVIF up to 5 MB."
        bucket="avatars"
        path={(_file, contentType) => `${user.id}/avatar-${Date.now()}.${extensionOf(contentType)}`}
        aspect={1}
        maxBytes={MAX_AVATAR_BYTES}
        currentUrl={user.image}
        disabled={saving}
        onUploaded={(metadata) => {
          if (metadata.downloadUrl) void save(metadata.downloadUrl);
          else setError("The photo uploaded but has no link yet. Please try again.");
        }}
      />
      {user.image ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={saving}
            onClick={() => void save(null)}
            aria-describedby={error ? errorId : undefined}
          >
            {saving ? <Spinner label="Saving" /> : <Trash2Icon aria-hidden="true" />}
            Remove photo
          </Button>
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function extensionOf(type: string): string {
  const subtype = type.startsWith("image/") ? type.slice("image/".length) : "";
  if (subtype === "jpeg") return "jpg";
  return ["png", "gif", "avif"].includes(subtype) ? subtype : "webp";
}

function NameForm({ user, onSaved }: { user: AuthUser; onSaved: () => Promise<unknown> }) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileNameValues, unknown, ProfileNameOutput>({
    resolver: zodResolver(profileNameSchema),
    mode: "onTouched",
    defaultValues: { name: user.name },
  });
  const { register, handleSubmit, reset, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const { prompt } = useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null);
    try {
      await saveProfileName(name);
      reset({ name });
      await onSaved();
      notify("success", "Your name was saved.");
    } catch (caught) {
      setFormError(errorMessage(caught));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {prompt}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          maxLength={TEXT_LIMITS.personName}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : `${id}-name-hint`}
          aria-required="true"
          {...register("name")}
        />
        <FieldHint id={`${id}-name-hint`}>How you appear to other members.</FieldHint>
        <FieldError id={`${id}-name-error`}>{errors.name?.message}</FieldError>
      </div>
      {isPhoneOnlyEmail(user.email) ? null : (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            value={user.email}
            readOnly
            aria-describedby={`${id}-email-hint`}
            className="bg-muted text-muted-foreground"
          />
          <FieldHint id={`${id}-email-hint`}>
            You sign in with this address. Change it under Email address below.
          </FieldHint>
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        <FieldError className="sm:mr-auto">{formError}</FieldError>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? <Spinner label="Saving" /> : null}
          Save name
        </Button>
      </div>
    </form>
  );
}
