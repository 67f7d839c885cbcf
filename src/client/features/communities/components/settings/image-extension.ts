const EXTENSIONS: Record<string, string> = {
  "image/webp": "webp",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** The uploaded type (WebP after a crop) decides the extension; the server sniffs the bytes anyway. */
export function imageExtension(contentType: string): string {
  return EXTENSIONS[contentType] ?? "webp";
}
