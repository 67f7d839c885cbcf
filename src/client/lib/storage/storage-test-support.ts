/** What the storage API answers about an object (docs/storage-api.md), for the client's tests. */
export const objectMetadata = (fullPath: string, size: number) => ({
  bucket: "event-images",
  generation: "1",
  metageneration: "1",
  fullPath,
  name: fullPath.split("/").at(-1),
  size,
  contentType: "image/webp",
  customMetadata: {},
  downloadTokens: "tok1,tok2",
});

export const bytes = (size: number) => new Blob([new Uint8Array(size)], { type: "image/webp" });
