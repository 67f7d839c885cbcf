import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { type FieldError, forbidden, invalidInput, notFound } from "#server/errors.ts";
import { storedObject } from "#server/modules/files/files.service.ts";
import { checkNewTags } from "#server/modules/members/member-filter.ts";
import { requireCapability } from "#server/modules/members/members.service.ts";
import type { Role } from "#shared/capabilities.ts";
import { importedEvent } from "./member-import.runner.ts";
import {
  type ImportMapping,
  type ImportMode,
  memberImport,
  memberImportRejection,
} from "./member-import.tables.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { mayAssign } from "./membership.policy.ts";

export type MemberImportRow = typeof memberImport.$inferSelect;
export type MemberImportRejection = typeof memberImportRejection.$inferSelect;

export type StartImportInput = {
  /** The file's path in the `member-imports` bucket: `{communityId}/...`. */
  filePath: string;
  mapping: ImportMapping;
  tags: string[];
  role: Role;
  mode: ImportMode;
};

/** How many imports `memberImports` lists: enough to find a running one and the last few results. */
const RECENT_IMPORTS = 20;
const REFUSAL = "Only admins can import members.";

function checkMapping(mapping: ImportMapping): FieldError[] {
  const errors: FieldError[] = [];
  const columns = [
    ["emailColumn", mapping.email],
    ["nameColumn", mapping.name],
    ["tagsColumn", mapping.tags],
  ] as const;
  for (const [field, column] of columns) {
    if (column !== null && (!Number.isInteger(column) || column < 0 || column > 999))
      errors.push({ field, code: "OUT_OF_RANGE", message: "Choose one of the file's columns." });
  }
  const chosen = columns.map(([, column]) => column).filter((column) => column !== null);
  if (new Set(chosen).size !== chosen.length)
    errors.push({ field: "emailColumn", code: "DUPLICATE", message: "Use each column for one thing only." });
  return errors;
}

/**
 * Queues an import of the uploaded CSV file; the jobs runtime runs it in batches. Only members
 * who may manage members start one, with a role they may give.
 */
export async function startMemberImport(
  ctx: MembershipCtx,
  communityId: string,
  input: StartImportInput,
): Promise<MemberImportRow> {
  const actor = await requireCapability(ctx, communityId, "members.manage", REFUSAL);
  if (!mayAssign(actor, input.role))
    throw forbidden(
      input.role === "owner"
        ? "Ownership is handed over by a transfer, not an import."
        : "You can't give people that role.",
    );
  const errors = checkMapping(input.mapping);
  const tags = checkNewTags("tags", input.tags);
  errors.push(...tags.errors);
  const inFolder = input.filePath.startsWith(`${communityId}/`) && !input.filePath.includes("..");
  if (!inFolder || !(await storedObject(ctx.db, "member-imports", input.filePath)))
    errors.push({ field: "filePath", code: "FILE_NOT_FOUND", message: "Upload the CSV file first." });
  if (errors.length > 0) throw invalidInput(errors);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberImport)
      .values({
        id: randomUUID(),
        communityId,
        createdBy: actor.viewer.id,
        filePath: input.filePath,
        mapping: input.mapping,
        tags: tags.tags,
        role: input.role,
        mode: input.mode,
        createdAt: ctx.clock(),
      })
      .returning();
    if (!row) throw new Error("member import insert returned no row");
    await ctx.emit(tx, importedEvent(row));
    return row;
  });
}

/** An import, for those who may manage the community's members; NOT_FOUND for everyone else. */
export async function memberImportById(
  ctx: Pick<MembershipCtx, "db" | "viewer">,
  id: string,
): Promise<MemberImportRow> {
  const [row] = await ctx.db.select().from(memberImport).where(eq(memberImport.id, id));
  if (!row) throw notFound();
  await requireCapability(ctx, row.communityId, "members.manage", REFUSAL);
  return row;
}

/** The community's latest imports, newest first: a page reloaded mid-import finds the running one. */
export async function memberImports(
  ctx: Pick<MembershipCtx, "db" | "viewer">,
  communityId: string,
): Promise<MemberImportRow[]> {
  await requireCapability(ctx, communityId, "members.manage", REFUSAL);
  return ctx.db
    .select()
    .from(memberImport)
    .where(eq(memberImport.communityId, communityId))
    .orderBy(desc(memberImport.createdAt), desc(memberImport.id))
    .limit(RECENT_IMPORTS);
}

/** Rejected rows in file order, after line `afterLine`. */
export function rejectedRows(
  ctx: Pick<MembershipCtx, "db">,
  importId: string,
  first: number,
  afterLine = 0,
): Promise<MemberImportRejection[]> {
  return ctx.db
    .select()
    .from(memberImportRejection)
    .where(and(eq(memberImportRejection.importId, importId), gt(memberImportRejection.line, afterLine)))
    .orderBy(asc(memberImportRejection.line))
    .limit(first);
}

/** The report's rows, page by page, for an import of `communityId` the viewer may manage. */
export async function rejectionReport(
  ctx: Pick<MembershipCtx, "db" | "viewer">,
  communityId: string,
  importId: string,
): Promise<AsyncGenerator<MemberImportRejection[]>> {
  const row = await memberImportById(ctx, importId);
  if (row.communityId !== communityId) throw notFound();
  return (async function* pages() {
    let after = 0;
    for (;;) {
      const page = await rejectedRows(ctx, importId, 1_000, after);
      if (page.length === 0) return;
      yield page;
      after = page.at(-1)?.line ?? after;
    }
  })();
}
