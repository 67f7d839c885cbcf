import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import { ImageUploadField } from "#client/components/upload/image-upload-field.tsx";

/** The community-assets bucket's limit (docs/storage-api.md). */
const MAX_ASSET_BYTES = 10 * 1024 * 1024;
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/avif": "avif",
};

/**
 * Uploads at once and reports the stored path; the event keeps it only when the form is saved.
 * `onChange("")` asks the server to remove the current cover.
 */
export function CoverField({
  communityId,
  initialUrl,
  disabled,
  error,
  onChange,
}: {
  communityId: string;
  initialUrl: string | null;
  disabled: boolean;
  error: string | undefined;
  onChange: (path: string) => void;
}) {
  const [shownUrl, setShownUrl] = useState<string | null>(initialUrl);
  const [hasImage, setHasImage] = useState(initialUrl !== null);
  const [generation, setGeneration] = useState(0);
  return (
    <div className="grid gap-2">
      <ImageUploadField
        // Removing starts the field afresh instead of keeping its local preview.
        key={generation}
        label="Cover image"
        hint="Wide (2:1), shown at the top of the event page and in link previews."
        bucket="community-assets"
        path={(_file, contentType) =>
          `${communityId}/events/${Date.now()}.${EXTENSIONS[contentType] ?? "webp"}`
        }
        aspect={IMAGE_ASPECT.eventCover}
        maxBytes={MAX_ASSET_BYTES}
        currentUrl={shownUrl}
        disabled={disabled}
        onUploaded={(metadata) => {
          setHasImage(true);
          onChange(metadata.fullPath);
        }}
      />
      {hasImage ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => {
              setShownUrl(null);
              setHasImage(false);
              setGeneration((value) => value + 1);
              onChange("");
            }}
          >
            <Trash2Icon aria-hidden="true" /> Remove cover image
          </Button>
        </div>
      ) : null}
      <FieldError>{error}</FieldError>
    </div>
  );
}
