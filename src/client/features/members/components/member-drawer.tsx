import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Capability, MemberQuery } from "#client/gql/graphql.ts";
import { memberQueryOptions } from "../api/membership-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { exactDate, ROLE_LABEL, SOURCE_LABEL, STATUS_LABEL, timeAgo } from "../member-labels.ts";
import { MemberActions } from "./member-actions.tsx";

type Props = {
  communityId: string;
  /** The membership shown; null keeps the drawer closed. */
  membershipId: string | null;
  name: string;
  capabilities: readonly Capability[];
  onClose: () => void;
  /** A role or ownership changed: the viewer's own capabilities may have too. */
  onCommunityChanged: () => void;
  /** The member's payments, from the payments feature; left out for those who may not see them. */
  payments?: ((userId: string) => ReactNode) | undefined;
};

/** One member's profile, activity and answers, with the actions the viewer's role allows. */
export function MemberDrawer({
  communityId,
  membershipId,
  name,
  capabilities,
  onClose,
  onCommunityChanged,
  payments,
}: Props) {
  return (
    <Modal
      side="right"
      open={membershipId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={name || "Member"}
    >
      {membershipId ? (
        <MemberDetails
          communityId={communityId}
          membershipId={membershipId}
          capabilities={capabilities}
          onClose={onClose}
          onCommunityChanged={onCommunityChanged}
          payments={payments}
        />
      ) : null}
    </Modal>
  );
}

function MemberDetails({
  communityId,
  membershipId,
  capabilities,
  onClose,
  onCommunityChanged,
  payments,
}: Omit<Props, "membershipId" | "name"> & { membershipId: string }) {
  const { data: member, error, isPending } = useQuery(memberQueryOptions(communityId, membershipId));
  if (isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading the member">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error || !member) {
    return (
      <p role="alert" className="text-sm">
        {memberErrorMessage(error, "This member could not be loaded.")}
      </p>
    );
  }
  return (
    <div className="grid gap-6 text-sm">
      <div className="grid gap-1">
        {member.person.email ? (
          <p className="break-all text-muted-foreground">{member.person.email}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{ROLE_LABEL[member.role]}</Badge>
          <Badge
            variant={
              member.status === "ACTIVE" ? "success" : member.status === "BANNED" ? "destructive" : "outline"
            }
          >
            {STATUS_LABEL[member.status]}
          </Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Fact label="Source">{SOURCE_LABEL[member.source]}</Fact>
        <Fact label="Joined">
          <time dateTime={member.joinedAt}>{exactDate.format(new Date(member.joinedAt))}</time>
        </Fact>
        <Fact label="Last active">
          <time dateTime={member.lastActiveAt} title={exactDate.format(new Date(member.lastActiveAt))}>
            {timeAgo(member.lastActiveAt)}
          </time>
        </Fact>
        <Fact label="Events registered">{member.eventsRegistered}</Fact>
        <Fact label="Events attended">{member.eventsAttended}</Fact>
        <Fact label="Checked in">{member.checkIns}</Fact>
        <Fact label="Tags" wide>
          {member.tags.length > 0 ? (
            <ul className="inline-flex flex-wrap gap-1">
              {member.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            "None"
          )}
        </Fact>
      </dl>
      {payments?.(member.person.id)}
      <JoinAnswers answers={member.joinAnswers} />
      <Timeline entries={member.timeline} />
      <MemberActions
        communityId={communityId}
        member={member}
        capabilities={capabilities}
        onClose={onClose}
        onCommunityChanged={onCommunityChanged}
      />
    </div>
  );
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function JoinAnswers({ answers }: { answers: MemberQuery["member"]["joinAnswers"] }) {
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="member-answers" className="grid gap-2">
      <h3 id="member-answers" className="font-medium">
        Answers to the join questions
      </h3>
      <dl className="grid gap-2">
        {answers.map((answer) => (
          <div key={answer.questionId}>
            <dt className="text-muted-foreground">{answer.question}</dt>
            <dd className="whitespace-pre-wrap">{answer.values.join(", ")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Timeline({ entries }: { entries: MemberQuery["member"]["timeline"] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="member-timeline" className="grid gap-2">
      <h3 id="member-timeline" className="font-medium">
        Timeline
      </h3>
      <ol className="grid gap-2 border-l pl-4">
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: log entries have no id of their own here; the list is read whole.
          <li key={index} className="grid">
            <span>
              {entry.summary}
              {entry.actorName ? <span className="text-muted-foreground"> by {entry.actorName}</span> : null}
            </span>
            <time
              dateTime={entry.occurredAt}
              title={exactDate.format(new Date(entry.occurredAt))}
              className="text-muted-foreground"
            >
              {timeAgo(entry.occurredAt)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
