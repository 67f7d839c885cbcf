import { ImageIcon, UploadIcon } from "lucide-react";
import {
  type DragEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { cn } from "#client/lib/cn.ts";
import { uploadFile } from "#client/lib/storage/storage-client.ts";
import type { UploadTask } from "#client/lib/storage/upload-task.ts";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { ACCEPTED_IMAGE_TYPES, canCrop, cropToBlob, isAcceptedImage, type PixelArea } from "./crop-image.ts";
import { UploadProgress } from "./upload-progress.tsx";

const CropDialog = lazy(() => import("./crop-dialog.tsx").then((module) => ({ default: module.CropDialog })));

export interface ImageUploadFieldProps {
  label: string;
  bucket: string;
  /** Object path for the chosen file; `contentType` is the type actually uploaded (WebP after a crop). */
  path: (file: File, contentType: string) => string;
  /** Width divided by height of the result: 1 for a logo or avatar, 3 for a cover. */
  aspect: number;
  currentUrl?: string | null;
  onUploaded: (metadata: ObjectMetadata) => void;
  disabled?: boolean;
  hint?: string;
  /** Defaults to 2048 px for wide images (covers) and 512 px otherwise (logos, avatars). */
  maxOutputWidth?: number;
  /** The bucket's limit, checked before uploading so the person hears about it at once. */
  maxBytes?: number;
  customMetadata?: Record<string, string>;
  cacheControl?: string;
}

type Step =
  | { kind: "idle" }
  | { kind: "cropping"; file: File; src: string }
  | { kind: "encoding" }
  | { kind: "uploading"; task: UploadTask; fileName: string };

const noSubscription = () => () => {};
const noSnapshot = () => undefined;

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;
}

/**
 * Pick (button or drop), crop to `aspect` in a dialog, upload with progress. Large results
 * (over 256 KiB, typical for covers) go resumable, so their progress offers Pause and Resume.
 */
export function ImageUploadField({
  label,
  bucket,
  path,
  aspect,
  currentUrl,
  onUploaded,
  disabled = false,
  hint,
  maxOutputWidth,
  maxBytes,
  customMetadata,
  cacheControl,
}: ImageUploadFieldProps) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [preview, setPreview] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const objectUrls = useRef(new Set<string>());
  const hintId = useId();
  const errorId = useId();

  const task = step.kind === "uploading" ? step.task : undefined;
  const snapshot = useSyncExternalStore(
    task ? task.subscribe : noSubscription,
    task ? task.snapshot : noSnapshot,
    task ? task.snapshot : noSnapshot,
  );
  const uploading =
    snapshot?.state === "running" || snapshot?.state === "pausing" || snapshot?.state === "paused";
  const busy = disabled || step.kind === "cropping" || step.kind === "encoding" || uploading;

  // Object URLs pin their Blob in memory until revoked; nothing else releases them on unmount.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const track = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    objectUrls.current.add(url);
    return url;
  };
  const release = (url: string | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    objectUrls.current.delete(url);
  };

  const choose = (file: File | undefined) => {
    if (!file || busy) return;
    setError(undefined);
    if (!isAcceptedImage(file)) {
      setError("Choose a JPEG, PNG, WebP, GIF or AVIF image.");
      return;
    }
    setStep({ kind: "cropping", file, src: track(file) });
  };

  const upload = (file: File, blob: Blob) => {
    if (maxBytes !== undefined && blob.size > maxBytes) {
      setError(`This image is ${formatMegabytes(blob.size)}; the limit is ${formatMegabytes(maxBytes)}.`);
      setStep({ kind: "idle" });
      return;
    }
    const shown = track(blob);
    release(preview);
    setPreview(shown);
    const started = uploadFile({
      bucket,
      path: path(file, blob.type),
      file: blob,
      contentType: blob.type,
      ...(customMetadata ? { customMetadata } : {}),
      ...(cacheControl ? { cacheControl } : {}),
    });
    setStep({ kind: "uploading", task: started, fileName: file.name });
    started.done.then(onUploaded, () => {
      // The progress shows why; the preview goes back to what is actually stored.
      setPreview((current) => (current === shown ? undefined : current));
      release(shown);
    });
  };

  const applyCrop = async (file: File, src: string, area: PixelArea) => {
    setStep({ kind: "encoding" });
    try {
      const width = maxOutputWidth ?? (aspect > 1 ? 2048 : 512);
      upload(file, await cropToBlob(src, area, width));
    } catch {
      setError("This image could not be cropped in this browser. Try another image.");
      setStep({ kind: "idle" });
    } finally {
      release(src);
    }
  };

  const closeCropper = (src: string) => {
    release(src);
    setStep({ kind: "idle" });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const shownUrl = preview ?? currentUrl ?? undefined;
  const describedBy =
    [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    // The picture sits beside the button only when the field itself is wide enough, whatever the
    // screen: a narrow column on a wide screen must not push the button out of the drop zone.
    <fieldset className="@container m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
      <legend className="mb-3 text-sm font-medium leading-none">{label}</legend>
      {/* Dropping is a shortcut for pointer users; the button below is the keyboard path. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drag-and-drop only, the button is the accessible control. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={cn(
          "flex flex-col items-center gap-3 rounded-lg border border-dashed p-4 transition-colors @md:flex-row",
          dragging ? "border-primary bg-primary/5" : "border-input",
          disabled && "opacity-60",
        )}
      >
        <div
          className="flex w-full max-w-48 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted"
          style={{ aspectRatio: String(aspect) }}
        >
          {shownUrl ? (
            <img
              src={shownUrl}
              alt={preview ? `New ${label.toLowerCase()}` : `Current ${label.toLowerCase()}`}
              className="size-full object-cover"
            />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-col items-center gap-2 text-center @md:items-start @md:text-left">
          <Button
            variant="outline"
            onClick={() => inputRef.current?.click()}
            disabled={busy}
            aria-describedby={describedBy}
          >
            <UploadIcon aria-hidden="true" />
            {shownUrl ? "Replace image" : "Choose image"}
          </Button>
          <p className="text-xs text-muted-foreground">or drop an image here</p>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          aria-label={label}
          hidden
          disabled={busy}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // Lets the same file be chosen again after a cancel.
            event.target.value = "";
          }}
        />
      </div>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId}>{error}</FieldError>
      {step.kind === "encoding" ? <p className="text-sm text-muted-foreground">Preparing image…</p> : null}
      {step.kind === "uploading" ? <UploadProgress task={step.task} fileName={step.fileName} /> : null}
      {step.kind === "cropping" ? (
        <Suspense fallback={null}>
          <CropDialog
            src={step.src}
            fileName={step.file.name}
            aspect={aspect}
            allowOriginal={!canCrop(step.file)}
            onApply={(area) => void applyCrop(step.file, step.src, area)}
            onUseOriginal={() => {
              release(step.src);
              upload(step.file, step.file);
            }}
            onCancel={() => closeCropper(step.src)}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
