import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { removeCommunityBlobs, removeStoredObject } from "./files.service.ts";
import type { FileStorage } from "./files.storage.ts";
import { storageObject } from "./files.tables.ts";

export const FILES_SUBSCRIBER = "files";

/**
 * A deleted community's stored files go with it, and a deleted account's own (its avatars); a
 * member import's uploaded file goes when the import has ended (its report stays with the import).
 * The rows are deleted in the dispatcher's transaction; a blob already removed by an earlier attempt that rolled back is simply gone.
 */
export function filesSubscriber(storage: FileStorage) {
  return {
    name: FILES_SUBSCRIBER,
    async handle(tx: Db, entry: LogEntry): Promise<void> {
      if (entry.type === "community.deleted") await removeCommunityBlobs(tx, entry.communityId, storage);
      if (entry.type === "member.imported") {
        const { status, filePath } = entry.payload;
        if ((status === "done" || status === "failed") && filePath?.startsWith(`${entry.communityId}/`))
          await removeStoredObject(tx, "member-imports", filePath, storage);
      }
      if (entry.type === "user.deleted") {
        const rows = await tx
          .delete(storageObject)
          .where(and(eq(storageObject.ownerId, entry.payload.userId), isNull(storageObject.communityId)))
          .returning({ blobKey: storageObject.blobKey });
        for (const row of rows) await storage.blobs.delete(row.blobKey);
      }
    },
  };
}
