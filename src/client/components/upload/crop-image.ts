export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Types the upload buckets accept (docs/storage-api.md); the server sniffs the bytes again. */
export const ACCEPTED_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;

export function isAcceptedImage(file: Blob): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

/**
 * Animated GIFs lose their animation on a canvas, so the field offers them unchanged; everything
 * else is cropped.
 */
export function canCrop(file: Blob): boolean {
  return file.type !== "image/gif";
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be decoded."));
    image.src = src;
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Draws `area` of the image at `src` scaled down to at most `maxWidth` and encodes it as WebP.
 * Safari cannot encode WebP (toBlob silently gives PNG), so then: PNG for small outputs such as
 * logos, to keep transparency, and JPEG for large ones such as covers, which are photos.
 */
export async function cropToBlob(src: string, area: PixelArea, maxWidth: number): Promise<Blob> {
  const image = await loadImage(src);
  const scale = Math.min(1, maxWidth / area.width);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw images.");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const webp = await toBlob(canvas, "image/webp", 0.9);
  if (webp?.type === "image/webp") return webp;
  const fallback =
    canvas.width <= 1024 ? await toBlob(canvas, "image/png", 1) : await toBlob(canvas, "image/jpeg", 0.9);
  if (!fallback) throw new Error("The cropped image could not be encoded.");
  return fallback;
}

export function extensionFor(type: string): string {
  const extensions: Record<string, string> = {
    "image/jpeg": "jpg",
    "image/png": "png",
    "image/webp": "webp",
    "image/gif": "gif",
    "image/avif": "avif",
  };
  return extensions[type] ?? "bin";
}
