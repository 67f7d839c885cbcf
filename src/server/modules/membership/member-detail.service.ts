import type { Db } from "#server/db/client.ts";
import { forbidden, notFound } from "#server/errors.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { type MemberRow, memberRowById } from "#server/modules/members/member-list.service.ts";
import { requireMembership } from "#server/modules/members/members.service.ts";
import { membershipById } from "#server/modules/members/membership-records.service.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { mayReviewMembers } from "./membership.policy.ts";

export type JoinAnswerView = { questionId: string; question: string; values: string[] };

/** One member as the member drawer shows it: organizers and above; NOT_FOUND for strangers. */
export async function memberDetail(
  ctx: Pick<MembershipCtx, "db" | "viewer">,
  id: string,
): Promise<MemberRow> {
  const record = await membershipById(ctx.db, id);
  if (!record) throw notFound();
  const actor = await requireMembership(ctx, record.communityId);
  if (!mayReviewMembers(actor)) throw forbidden("Only organizers can see members.");
  const row = await memberRowById(ctx.db, id, true);
  if (!row) throw notFound();
  return row;
}

/** The answers given with a request to join, in the order the community asks its questions now. */
export async function joinAnswersOf(
  db: Pick<Db, "select">,
  member: Pick<MemberRow, "id" | "communityId">,
): Promise<JoinAnswerView[]> {
  const [record, community] = await Promise.all([
    membershipById(db, member.id),
    findCommunity(db, member.communityId),
  ]);
  if (!record || !community) return [];
  return community.joinQuestions.flatMap((q) => {
    const values = record.answers[q.id];
    return values ? [{ questionId: q.id, question: q.label, values }] : [];
  });
}
