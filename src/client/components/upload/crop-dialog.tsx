import { XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { Button } from "#client/components/ui/button.tsx";
import type { PixelArea } from "./crop-image.ts";

export interface CropDialogProps {
  /** Object URL of the chosen image. */
  src: string;
  fileName: string;
  aspect: number;
  /**
   * Offer the file unchanged even when it decodes (an animated GIF would lose its animation on a
   * canvas). It is always offered when the browser cannot decode the image: the server may.
   */
  allowOriginal: boolean;
  onApply: (area: PixelArea) => void;
  onUseOriginal: () => void;
  onCancel: () => void;
}

/**
 * A modal cropper. It is its own module so react-easy-crop loads only once someone picks an image.
 * Arrow keys move the crop area (react-easy-crop's keyboard support), the slider zooms.
 */
export function CropDialog({
  src,
  fileName,
  aspect,
  allowOriginal,
  onApply,
  onUseOriginal,
  onCancel,
}: CropDialogProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | undefined>();
  const [broken, setBroken] = useState(false);
  const zoomId = useId();
  const descriptionId = useId();

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content
          aria-describedby={descriptionId}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[95vh] w-[min(40rem,95vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border bg-background p-4 shadow-xl outline-none"
        >
          <Dialog.Title className="pr-8 text-base font-semibold">Crop image</Dialog.Title>
          <Dialog.Description id={descriptionId} className="text-sm text-muted-foreground">
            {broken
              ? `This browser cannot show ${fileName}, so it cannot be cropped here.`
              : "Drag or use the arrow keys to position the image, and zoom to choose what is kept."}
          </Dialog.Description>
          {broken ? null : (
            <>
              <div className="relative h-72 w-full overflow-hidden rounded-md bg-muted sm:h-96">
                <Cropper
                  image={src}
                  crop={crop}
                  zoom={zoom}
                  aspect={aspect}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_, pixels) => setArea(pixels)}
                  mediaProps={{ alt: `${fileName}, to be cropped`, onError: () => setBroken(true) }}
                  cropperProps={{ role: "group", "aria-label": "Crop area" }}
                />
              </div>
              <div className="flex items-center gap-3">
                <label htmlFor={zoomId} className="shrink-0 whitespace-nowrap text-sm font-medium">
                  Zoom
                </label>
                <input
                  id={zoomId}
                  type="range"
                  min={1}
                  max={3}
                  step={0.05}
                  value={zoom}
                  onChange={(event) => setZoom(Number(event.target.value))}
                  className="min-w-0 flex-1 accent-primary focus-visible:outline-2 focus-visible:outline-ring"
                />
              </div>
            </>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.Close>
            {allowOriginal || broken ? (
              <Button variant="outline" onClick={onUseOriginal}>
                Upload without cropping
              </Button>
            ) : null}
            {broken ? null : (
              <Button onClick={() => area && onApply(area)} disabled={!area}>
                Crop and upload
              </Button>
            )}
          </div>
          <Dialog.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
