import { useQuery } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { MarkdownField } from "#client/components/ui/markdown-field.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";
import { Textarea } from "#client/components/ui/textarea.tsx";
import type { AnnouncementAudienceInput } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import { audienceCountQueryOptions, useSendAnnouncement } from "../api/announcements-queries.ts";
import { memberSegmentsQueryOptions } from "../api/members-queries.ts";
import { memberErrorMessage } from "../error-message.ts";

const people = (n: number) => countOf(n, { one: "member", other: "members" });

/** A draft the dialog opens with (an agent's): sending it takes it out of the drafts. */
export type ComposeDraft = { id: string; subject: string; body: string };

/** Who the mail goes to when the dialog is opened for a set chosen elsewhere (the selected rows). */
export type FixedAudience = { audience: AnnouncementAudienceInput; label: string };

type Errors = { subject?: string; body?: string; audience?: string };

/**
 * Subject, Markdown body with a preview, and who receives it (all members or a segment, or the set
 * the caller fixed), with the count of people it reaches. Nothing typed is lost when sending fails.
 */
export function ComposeAnnouncement({
  communityId,
  open,
  onOpenChange,
  fixed,
  draft,
}: {
  communityId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixed?: FixedAudience;
  /** Opens with the draft's subject and body; give the component a `key` per draft. */
  draft?: ComposeDraft;
}) {
  const id = useId();
  const send = useSendAnnouncement(communityId);
  const [subject, setSubject] = useState(draft?.subject ?? "");
  const [body, setBody] = useState(draft?.body ?? "");
  const [choice, setChoice] = useState("all");
  const [errors, setErrors] = useState<Errors>({});
  const segments = useQuery({ ...memberSegmentsQueryOptions(communityId), enabled: open && !fixed });
  const audience: AnnouncementAudienceInput =
    fixed?.audience ?? (choice === "all" ? { all: true } : { segmentId: choice });
  const reach = useQuery({ ...audienceCountQueryOptions(communityId, audience), enabled: open });

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!subject.trim()) found.subject = "Write a subject.";
    else found.subject = nameCharactersProblem(subject.trim())?.message;
    if (!body.trim()) found.body = "Write the message.";
    setErrors(found);
    if (found.subject || found.body) return;
    try {
      const sent = await send.mutateAsync({
        subject,
        body,
        audience,
        ...(draft ? { draftId: draft.id } : {}),
      });
      notify("success", `Announcement sent to ${people(sent.recipientCount)}.`);
      setSubject("");
      setBody("");
      setErrors({});
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof GraphQLRequestError && failure.code === "BAD_USER_INPUT") {
        const byField: Errors = {};
        for (const f of failure.fields) {
          const key = f.field.startsWith("audience") ? "audience" : f.field;
          if (key === "subject" || key === "body" || key === "audience") byField[key] ??= f.message;
        }
        setErrors(byField);
      } else notify("error", memberErrorMessage(failure, "The announcement could not be sent."));
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!send.isPending) onOpenChange(next);
      }}
      title="Email members"
      description="Members who turned announcements off are skipped; each mail has a one-click unsubscribe link."
    >
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-audience`}>Send to</Label>
          {fixed ? (
            <p id={`${id}-audience`} className="text-sm font-medium">
              {fixed.label}
            </p>
          ) : (
            <select
              id={`${id}-audience`}
              className={selectClass}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="all">All members, and people who agreed at registration</option>
              {(segments.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  Segment: {s.name}
                </option>
              ))}
            </select>
          )}
          <FieldHint aria-live="polite">
            {reach.data === undefined ? "Counting who receives it…" : `Goes to ${people(reach.data)}.`}
          </FieldHint>
          <FieldError>{errors.audience}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input
            id={`${id}-subject`}
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.target.value)}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          />
          <FieldError id={`${id}-subject-error`}>{errors.subject}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label id={`${id}-body-label`} htmlFor={`${id}-body`}>
            Message
          </Label>
          <MarkdownField
            labelId={`${id}-body-label`}
            modeLabel="Message editor mode"
            getSource={() => body}
            textarea={
              <Textarea
                id={`${id}-body`}
                rows={8}
                value={body}
                maxLength={10_000}
                onChange={(event) => setBody(event.target.value)}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={`${id}-body-hint${errors.body ? ` ${id}-body-error` : ""}`}
              />
            }
          />
          <FieldHint id={`${id}-body-hint`}>
            Markdown: **bold**, _italic_, [links](https://…), lists.
          </FieldHint>
          <FieldError id={`${id}-body-error`}>{errors.body}</FieldError>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            type="button"
            onClick={() => onOpenChange(false)}
            disabled={send.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <SendIcon aria-hidden="true" /> Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}
