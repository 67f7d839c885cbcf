import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { removeStoredObject } from "#server/modules/files/files.service.ts";
import { memberImport } from "./member-import.tables.ts";

/**
 * Removes the uploaded files of ended imports (done or failed). The files subscriber removes an
 * import's file when it ends, from the `filePath` of its `member.imported` entry; imports that
 * ended before those entries carried it kept their files (personal data). The jobs run this once
 * when they start; a file already gone is passed over, so running it again removes nothing more.
 * Answers how many files it removed.
 */
export async function removeEndedImportFiles(db: Db): Promise<number> {
  const ended = await db
    .select({ filePath: memberImport.filePath })
    .from(memberImport)
    .where(inArray(memberImport.status, ["done", "failed"]));
  let removed = 0;
  for (const { filePath } of ended) {
    if (await removeStoredObject(db, "member-imports", filePath)) removed++;
  }
  return removed;
}
