import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { notify } from "#client/lib/notify.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import {
  joinRequestsQueryOptions,
  useApproveJoinRequest,
  useDeclineJoinRequest,
} from "../api/membership-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { exactDate, timeAgo } from "../member-labels.ts";

type Props = {
  communityId: string;
  /** Approve and decline: members.manage; organizers only read the queue. */
  canDecide: boolean;
  onDecided: () => void;
};

/** The pending requests to join, oldest first, with each person's answers. */
export function JoinRequestsPanel({ communityId, canDecide, onDecided }: Props) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    joinRequestsQueryOptions(communityId),
  );
  const approve = useApproveJoinRequest(communityId);
  const [declining, setDeclining] = useState<{ id: string; name: string } | null>(null);
  const requests = data.pages.flatMap((page) => page.nodes);
  if (requests.length === 0) {
    return (
      <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
        No one is waiting to join.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Join requests" className="grid divide-y rounded-xl border">
        {requests.map((request) => (
          <li key={request.id} className="grid gap-3 px-4 py-4 text-sm sm:grid-cols-[1fr_auto]">
            <div className="grid gap-1">
              <span className="font-medium">{request.person.name}</span>
              <span className="break-all text-muted-foreground">{request.person.email}</span>
              <span className="text-muted-foreground">
                Asked{" "}
                <time dateTime={request.requestedAt} title={exactDate.format(new Date(request.requestedAt))}>
                  {timeAgo(request.requestedAt)}
                </time>
              </span>
              {request.answers.length > 0 ? (
                <dl className="mt-2 grid gap-2">
                  {request.answers.map((answer) => (
                    <div key={answer.questionId}>
                      <dt className="text-muted-foreground">{answer.question}</dt>
                      <dd className="whitespace-pre-wrap">{answer.values.join(", ")}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </div>
            {canDecide ? (
              <div className="flex items-start gap-2">
                <Button
                  size="sm"
                  disabled={approve.isPending}
                  aria-label={`Approve ${request.person.name}`}
                  onClick={() =>
                    approve.mutate(request.id, {
                      onSuccess: () => {
                        notify("success", `${request.person.name} is now a member.`);
                        onDecided();
                      },
                      onError: (error) =>
                        notify("error", memberErrorMessage(error, "The request could not be approved.")),
                    })
                  }
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Decline ${request.person.name}`}
                  onClick={() => setDeclining({ id: request.id, name: request.person.name })}
                >
                  Decline
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? <Spinner label="Loading more requests" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
      <DeclineDialog
        communityId={communityId}
        request={declining}
        onClose={() => setDeclining(null)}
        onDeclined={onDecided}
      />
    </div>
  );
}

function DeclineDialog({
  communityId,
  request,
  onClose,
  onDeclined,
}: {
  communityId: string;
  request: { id: string; name: string } | null;
  onClose: () => void;
  onDeclined: () => void;
}) {
  const id = useId();
  const decline = useDeclineJoinRequest(communityId);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!request) return;
    try {
      await decline.mutateAsync({ id: request.id, message: message.trim() || null });
      notify("success", `Declined ${request.name}'s request.`);
      setMessage("");
      setError(undefined);
      onDeclined();
      onClose();
    } catch (failure) {
      setError(memberErrorMessage(failure, "The request could not be declined."));
    }
  }
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !decline.isPending) onClose();
      }}
      title={`Decline ${request?.name ?? ""}'s request`}
      description="They get an email saying so, with your message if you write one. They may ask again later."
    >
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-message`}>Message (optional)</Label>
          <Textarea
            id={`${id}-message`}
            rows={4}
            maxLength={TEXT_LIMITS.cancelMessage}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          />
          <FieldHint id={`${id}-hint`}>Plain text, sent as written.</FieldHint>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={decline.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={decline.isPending}>
            {decline.isPending ? <Spinner label="Declining" /> : null}
            Decline request
          </Button>
        </div>
      </form>
    </Modal>
  );
}
