import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { SectionFooter, SettingsSection } from "#client/components/layout/settings-section.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import { ImageUploadField } from "#client/components/upload/image-upload-field.tsx";
import { useUpdateCommunity } from "#client/features/communities/api/update-community.ts";
import type { CommunityQuery, UpdateCommunityInput } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { BrandColorField } from "./brand-color-field.tsx";
import { imageExtension } from "./image-extension.ts";
import { type BrandColorOutput, type BrandColorValues, brandColorSchema } from "./settings-schema.ts";
import { handleSaveError, useSettingsSave } from "./use-settings-save.ts";

type Community = CommunityQuery["community"];
type ImageKind = "logo" | "cover";

const IMAGE = {
  logo: {
    field: "logoPath",
    label: "Logo",
    aspect: IMAGE_ASPECT.logo,
    hint: "Square; shown small next to the name, so simple shapes work best.",
    saved: "Logo updated.",
    removed: "Logo removed.",
  },
  cover: {
    field: "coverPath",
    label: "Cover image",
    aspect: IMAGE_ASPECT.communityCover,
    hint: "Wide (3:1), shown across the top of the community's page.",
    saved: "Cover image updated.",
    removed: "Cover image removed.",
  },
} as const;

/** The community-assets bucket's limit (docs/storage-api.md). */
const MAX_ASSET_BYTES = 10 * 1024 * 1024;

export function BrandingSection({ community, readOnly }: { community: Community; readOnly: boolean }) {
  return (
    <SettingsSection
      anchor="branding"
      title="Branding"
      description="Images and colour that make the community recognisable. New images are saved as soon as they finish uploading."
    >
      <div className="grid gap-8">
        <CommunityImage kind="logo" community={community} readOnly={readOnly} />
        <CommunityImage kind="cover" community={community} readOnly={readOnly} />
        <BrandColorForm community={community} readOnly={readOnly} />
      </div>
    </SettingsSection>
  );
}

function CommunityImage({
  kind,
  community,
  readOnly,
}: {
  kind: ImageKind;
  community: Community;
  readOnly: boolean;
}) {
  const errorId = useId();
  const config = IMAGE[kind];
  const update = useUpdateCommunity(community.id);
  const [error, setError] = useState<string | null>(null);
  const currentUrl = kind === "logo" ? community.logoUrl : community.coverUrl;

  async function savePath(path: string) {
    setError(null);
    const input: UpdateCommunityInput = { [config.field]: path };
    try {
      await update.mutateAsync(input);
      notify("success", path ? config.saved : config.removed);
    } catch (caught) {
      const message = handleSaveError(caught, [config.field], (_, { message: text }) => {
        setError(text ?? null);
      });
      if (message) {
        setError(message);
        notify("error", `${config.label}: ${message}`);
      }
    }
  }

  return (
    <div className="grid content-start gap-2">
      <ImageUploadField
        // A new stored image (or its removal) starts the field afresh instead of keeping its local preview.
        key={currentUrl ?? "none"}
        label={config.label}
        hint={config.hint}
        bucket="community-assets"
        path={(_file, contentType) => `${community.id}/${kind}-${Date.now()}.${imageExtension(contentType)}`}
        aspect={config.aspect}
        maxBytes={MAX_ASSET_BYTES}
        currentUrl={currentUrl ?? null}
        disabled={readOnly || update.isPending}
        onUploaded={(metadata) => void savePath(metadata.fullPath)}
      />
      {currentUrl && !readOnly ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() => void savePath("")}
            aria-describedby={error ? errorId : undefined}
          >
            {update.isPending ? <Spinner label="Saving" /> : <Trash2Icon aria-hidden="true" />}
            Remove {config.label.toLowerCase()}
          </Button>
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function BrandColorForm({ community, readOnly }: { community: Community; readOnly: boolean }) {
  const id = useId();
  const form = useForm<BrandColorValues, unknown, BrandColorOutput>({
    resolver: zodResolver(brandColorSchema),
    mode: "onTouched",
    defaultValues: { brandColor: community.brandColor ?? "" },
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const { errors, isDirty } = formState;
  const { prompt } = useUnsavedChanges(isDirty);
  const { save, formError, isSaving } = useSettingsSave<BrandColorValues>(
    community.id,
    ["brandColor"],
    setError,
  );

  const onSubmit = handleSubmit(async ({ brandColor }) => {
    const saved = await save({ brandColor }, brandColor ? "Brand colour saved." : "Brand colour removed.");
    if (saved) reset({ brandColor: saved.brandColor ?? "" });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="border-t pt-6">
      {prompt}
      <fieldset disabled={readOnly}>
        <Controller
          control={control}
          name="brandColor"
          render={({ field }) => (
            <BrandColorField
              id={`${id}-brand-color`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.brandColor?.message}
              disabled={readOnly}
            />
          )}
        />
      </fieldset>
      {readOnly ? null : (
        <SectionFooter>
          <FieldError className="sm:mr-auto">{formError}</FieldError>
          <Button type="submit" disabled={!isDirty || isSaving}>
            {isSaving ? <Spinner label="Saving" /> : null}
            Save brand colour
          </Button>
        </SectionFooter>
      )}
    </form>
  );
}
