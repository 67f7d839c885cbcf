import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { adjustMemberCount } from "#server/modules/communities/community-lookup.service.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";
import { appendEvents } from "#server/modules/log/log.service.ts";
import { checkNewTags } from "#server/modules/members/member-filter.ts";
import { addMembers, membershipStatuses } from "#server/modules/members/members.service.ts";
import { accountIdsByEmail, accountsForEmails } from "#server/modules/users/users.service.ts";
import { EMAIL_PATTERN } from "#shared/email.ts";
import { COUNT_LIMITS } from "#shared/limits.ts";
import { normalizePersonName } from "#shared/person.ts";
import { issue, upsertInvitation } from "./invitations.service.ts";
import type { memberImport } from "./member-import.tables.ts";
import { memberImportEmail, memberImportRejection, type RejectReason } from "./member-import.tables.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { invitation } from "./membership.tables.ts";

type ImportRow = typeof memberImport.$inferSelect;

/** One data record of the file: its line number (the header is line 1) and its cells. */
export type ImportRecord = { line: number; cells: string[] };

export type BatchCounts = { added: number; invited: number; skipped: number; rejected: number };

/** `raw`: the address as the file has it, for the report. */
type Candidate = { line: number; raw: string; email: string; name: string; tags: string[] };

const EMAIL_MAX_LENGTH = 254;

const cell = (record: ImportRecord, column: number | null) =>
  column === null ? "" : (record.cells[column] ?? "").trim();

function nameOf(raw: string): string {
  return normalizePersonName(raw);
}

/** The import's tags, then the row's own (separated by `;` or `,`), valid ones only, at most the limit. */
function tagsOf(base: readonly string[], raw: string): string[] {
  const own = raw ? checkNewTags("tags", raw.split(/[;,]/)).tags : [];
  return [...new Set([...base, ...own])].slice(0, COUNT_LIMITS.memberTags);
}

/**
 * Applies one batch of records inside the caller's transaction: rejected rows are stored for the
 * report, everyone else is added (or invited), and each membership or invitation emits its domain
 * event in this same transaction.
 */
export async function applyBatch(
  ctx: Pick<MembershipCtx, "emit" | "authSecret">,
  tx: Db,
  job: ImportRow,
  records: readonly ImportRecord[],
  now: Date,
): Promise<BatchCounts> {
  // Lookups by exact address must take the unique btree index. The planner, once the table has
  // grown past its last statistics, prefers the email trigram GIN index for `email = any(...)`, and
  // addresses of one domain share most trigrams: each lookup then rechecks most of the table.
  // GIN answers only bitmap scans, so turning those off for this transaction leaves the btree.
  await tx.execute(sql`set local enable_bitmapscan = off`);
  const rejections: { line: number; email: string; reason: RejectReason }[] = [];
  const reject = (line: number, email: string, reason: RejectReason) =>
    rejections.push({ line, email, reason });
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const record of records) {
    const raw = cell(record, job.mapping.email);
    if (!raw) {
      reject(record.line, raw, "MISSING_EMAIL");
      continue;
    }
    const email = raw.toLowerCase();
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
      reject(record.line, raw, "INVALID_EMAIL");
      continue;
    }
    if (seen.has(email)) {
      reject(record.line, raw, "DUPLICATE_IN_FILE");
      continue;
    }
    seen.add(email);
    candidates.push({
      line: record.line,
      raw,
      email,
      name: nameOf(cell(record, job.mapping.name)),
      tags: tagsOf(job.tags, cell(record, job.mapping.tags)),
    });
  }
  // Addresses of earlier batches, kept per import: a later row with one is a duplicate too.
  let fresh = candidates;
  if (candidates.length > 0) {
    const inserted = await tx
      .insert(memberImportEmail)
      .values(candidates.map((c) => ({ importId: job.id, email: c.email })))
      .onConflictDoNothing()
      .returning({ email: memberImportEmail.email });
    const isNew = new Set(inserted.map((row) => row.email));
    fresh = candidates.filter((c) => {
      if (isNew.has(c.email)) return true;
      reject(c.line, c.raw, "DUPLICATE_IN_FILE");
      return false;
    });
  }
  const counts =
    job.mode === "add"
      ? await addAll(ctx, tx, job, fresh, reject, now)
      : await inviteAll(ctx, tx, job, fresh, reject, now);
  if (rejections.length > 0) {
    await tx
      .insert(memberImportRejection)
      .values(rejections.map((r) => ({ importId: job.id, ...r })))
      .onConflictDoNothing();
  }
  return { ...counts, rejected: rejections.length };
}

type Reject = (line: number, email: string, reason: RejectReason) => void;

async function emitAll(ctx: Pick<MembershipCtx, "emit">, tx: Db, events: DomainEvent[], now: Date) {
  const last = events.pop();
  await appendEvents(tx, events, now);
  // The batch's last entry goes through `emit`, which also wakes the log's dispatcher.
  if (last) await ctx.emit(tx, last);
}

async function addAll(
  ctx: Pick<MembershipCtx, "emit">,
  tx: Db,
  job: ImportRow,
  people: Candidate[],
  reject: Reject,
  now: Date,
): Promise<Omit<BatchCounts, "rejected">> {
  const accounts = await accountsForEmails(tx, people);
  const existing = await membershipStatuses(tx, job.communityId, [...accounts.values()]);
  let skipped = 0;
  const joining: (Candidate & { userId: string })[] = [];
  for (const person of people) {
    const userId = accounts.get(person.email);
    if (!userId) throw new Error("an imported address has no account");
    const status = existing.get(userId);
    if (status === "banned") reject(person.line, person.raw, "BANNED");
    else if (status && status !== "person") skipped++;
    else joining.push({ ...person, userId });
  }
  const added = await addMembers(tx, {
    communityId: job.communityId,
    role: job.role,
    source: "imported",
    origin: "import",
    at: now,
    people: joining,
  });
  // The community's member count moves with the memberships, as every other way of joining moves it.
  await adjustMemberCount(tx, job.communityId, added.length);
  await emitAll(
    ctx,
    tx,
    added.map(
      (userId): DomainEvent => ({
        type: "member.joined",
        communityId: job.communityId,
        actorId: job.createdBy,
        subjectId: userId,
        payload: { userId, role: job.role, source: "imported", origin: "import" },
      }),
    ),
    now,
  );
  return { added: added.length, invited: 0, skipped: skipped + joining.length - added.length };
}

async function inviteAll(
  ctx: Pick<MembershipCtx, "emit" | "authSecret">,
  tx: Db,
  job: ImportRow,
  people: Candidate[],
  reject: Reject,
  now: Date,
): Promise<Omit<BatchCounts, "rejected">> {
  if (people.length === 0) return { added: 0, invited: 0, skipped: 0 };
  const emails = people.map((p) => p.email);
  const accounts = await accountIdsByEmail(tx, emails);
  const existing = await membershipStatuses(tx, job.communityId, [...accounts.values()]);
  const open = new Map(
    (
      await tx
        .select({ id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt })
        .from(invitation)
        .where(
          and(
            eq(invitation.communityId, job.communityId),
            inArray(invitation.email, emails),
            isNull(invitation.acceptedAt),
            isNull(invitation.revokedAt),
          ),
        )
    ).map((row) => [row.email, row]),
  );
  let skipped = 0;
  const fresh: Candidate[] = [];
  const expired: Candidate[] = [];
  for (const person of people) {
    const userId = accounts.get(person.email);
    const status = userId ? existing.get(userId) : undefined;
    const pending = open.get(person.email);
    if (status === "banned") reject(person.line, person.raw, "BANNED");
    // Members, and people whose invitation still works, are not invited again: a re-run sends nothing twice.
    else if (status === "active" || (pending && pending.expiresAt > now)) skipped++;
    else if (pending) expired.push(person);
    else fresh.push(person);
  }
  const rows =
    fresh.length === 0
      ? []
      : await tx
          .insert(invitation)
          .values(
            fresh.map((p) => {
              const id = randomUUID();
              return {
                id,
                communityId: job.communityId,
                email: p.email,
                role: job.role,
                invitedBy: job.createdBy,
                createdAt: now,
                ...issue(ctx.authSecret, id, now),
              };
            }),
          )
          .onConflictDoNothing()
          .returning({ id: invitation.id, email: invitation.email });
  await emitAll(
    ctx,
    tx,
    rows.map(
      (row): DomainEvent => ({
        type: "member.invited",
        communityId: job.communityId,
        actorId: job.createdBy,
        payload: { invitationId: row.id, email: row.email, role: job.role, resent: false },
      }),
    ),
    now,
  );
  // An expired invitation gets a new link and a new week, as inviting that address again by hand does.
  for (const person of expired) {
    await upsertInvitation({ ...ctx, clock: () => now }, tx, {
      communityId: job.communityId,
      email: person.email,
      role: job.role,
      invitedBy: job.createdBy,
    });
  }
  return {
    added: 0,
    invited: rows.length + expired.length,
    skipped: skipped + fresh.length - rows.length,
  };
}
