import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Input } from "#client/components/ui/input.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { Textarea } from "#client/components/ui/textarea.tsx";
import {
  AGENT_EMAIL_AUDIENCES,
  AGENT_LIMITS,
  AGENT_REGISTRATION_STATUSES,
  type AgentAction,
  type AgentEmailAudience,
} from "#shared/agents.ts";
import { agentSegmentsQueryOptions } from "../api/agents-queries.ts";
import type { FieldErrors } from "../definition.ts";
import { AUDIENCE_LABELS, REGISTRATION_STATUS_LABELS, TEMPLATE_FIELDS } from "../labels.ts";
import { describedBy, Field } from "./field.tsx";

type Props<A extends AgentAction = AgentAction> = {
  communityId: string;
  action: A;
  path: string;
  onChange: (action: AgentAction) => void;
  errors: FieldErrors;
  webhookSecret: string | null;
  modelConfigured: boolean;
};

/** One action's own fields. */
export function ActionFields(props: Props) {
  const { action } = props;
  switch (action.kind) {
    case "email":
      return <EmailFields {...props} action={action} />;
    case "draft_announcement":
      return <MessageFields {...props} action={action} />;
    case "add_tag":
    case "remove_tag":
      return (
        <TextField
          {...props}
          label="Tag"
          name="tag"
          value={action.tag}
          maxLength={AGENT_LIMITS.tagLength}
          set={(tag) => props.onChange({ ...action, tag })}
        />
      );
    case "notify_admins":
      return (
        <TextField
          {...props}
          label="Message to admins"
          name="message"
          value={action.message}
          multiline
          maxLength={AGENT_LIMITS.bodyLength}
          set={(message) => props.onChange({ ...action, message })}
        />
      );
    case "decide_registration":
      return (
        <Decision
          {...props}
          value={action.decision}
          set={(decision) => props.onChange({ ...action, decision })}
        />
      );
    case "decide_join_request":
      return (
        <div className="grid gap-4">
          <Decision
            {...props}
            value={action.decision}
            set={(decision) => props.onChange({ ...action, decision })}
          />
          {action.decision === "decline" ? (
            <TextField
              {...props}
              label="What the person is told (optional)"
              name="message"
              value={action.message ?? ""}
              multiline
              maxLength={AGENT_LIMITS.bodyLength}
              set={(message) => props.onChange({ ...action, message: message || null })}
            />
          ) : null}
        </div>
      );
    case "webhook":
      return (
        <div className="grid gap-4">
          <TextField
            {...props}
            label="Webhook URL (https)"
            name="url"
            value={action.url}
            type="url"
            maxLength={AGENT_LIMITS.webhookUrlLength}
            hint="Each call is signed per Standard Webhooks with the agent's secret."
            set={(url) => props.onChange({ ...action, url })}
          />
          <WebhookSecret secret={props.webhookSecret} />
        </div>
      );
  }
}

function WebhookSecret({ secret }: { secret: string | null }) {
  const id = useId();
  if (!secret) {
    return (
      <p className="text-sm text-muted-foreground">
        The signing secret is shown here once the agent is saved.
      </p>
    );
  }
  return (
    <Field id={id} label="Signing secret" error={undefined} hint="Verify each call's signature with it.">
      <Input
        id={id}
        readOnly
        value={secret}
        className="font-mono"
        onFocus={(event) => event.target.select()}
      />
    </Field>
  );
}

function TextField({
  path,
  errors,
  label,
  name,
  value,
  set,
  multiline = false,
  maxLength,
  type = "text",
  hint,
  rows = 3,
}: Props & {
  label: string;
  name: string;
  value: string;
  set: (value: string) => void;
  multiline?: boolean;
  maxLength: number;
  type?: string;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  const error = errors[`${path}.${name}`];
  const common = {
    id,
    value,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, Boolean(hint), error),
  } as const;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {multiline ? (
        <Textarea {...common} rows={rows} onChange={(event) => set(event.target.value)} />
      ) : (
        <Input {...common} type={type} onChange={(event) => set(event.target.value)} />
      )}
    </Field>
  );
}

function Decision({
  path,
  errors,
  value,
  set,
}: Props & { value: "approve" | "decline"; set: (decision: "approve" | "decline") => void }) {
  const id = useId();
  const error = errors[`${path}.decision`];
  return (
    <Field id={id} label="Decision" error={error}>
      <select
        id={id}
        className={formSelectClass}
        value={value}
        onChange={(event) => set(event.target.value === "decline" ? "decline" : "approve")}
      >
        <option value="approve">Approve</option>
        <option value="decline">Decline</option>
      </select>
    </Field>
  );
}

const FIELDS_HINT = `Fields: ${TEMPLATE_FIELDS.map((field) => `{{${field}}}`).join(", ")}. Markdown for the body.`;

function MessageFields(props: Props<Extract<AgentAction, { kind: "draft_announcement" | "email" }>>) {
  const { action, onChange } = props;
  const id = useId();
  return (
    <div className="grid gap-4">
      <TextField
        {...props}
        label="Subject"
        name="subject"
        value={action.subject}
        maxLength={AGENT_LIMITS.subjectLength}
        set={(subject) => onChange({ ...action, subject })}
      />
      <TextField
        {...props}
        label="Body"
        name="body"
        value={action.body}
        multiline
        rows={8}
        maxLength={AGENT_LIMITS.bodyLength}
        set={(body) => onChange({ ...action, body })}
      />
      <p id={`${id}-fields`} className="text-sm break-words text-muted-foreground">
        {FIELDS_HINT}
      </p>
    </div>
  );
}

function EmailFields(props: Props<Extract<AgentAction, { kind: "email" }>>) {
  const { action, onChange, path, errors, communityId, modelConfigured } = props;
  const id = useId();
  const segments = useQuery({ ...agentSegmentsQueryOptions(communityId), enabled: action.to === "segment" });
  const toError = errors[`${path}.to`];
  const segmentError = errors[`${path}.segmentId`];
  const statuses = action.registrantStatuses ?? ["going"];
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-to`} label="To" error={toError}>
          <select
            id={`${id}-to`}
            className={formSelectClass}
            value={action.to}
            aria-invalid={toError ? true : undefined}
            aria-describedby={describedBy(`${id}-to`, false, toError)}
            onChange={(event) => onChange({ ...action, to: event.target.value as AgentEmailAudience })}
          >
            {AGENT_EMAIL_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
        </Field>
        {action.to === "segment" ? (
          <Field id={`${id}-segment`} label="Segment" error={segmentError}>
            <select
              id={`${id}-segment`}
              className={formSelectClass}
              value={action.segmentId ?? ""}
              aria-invalid={segmentError ? true : undefined}
              aria-describedby={describedBy(`${id}-segment`, false, segmentError)}
              onChange={(event) => onChange({ ...action, segmentId: event.target.value || null })}
            >
              <option value="">Choose a segment</option>
              {(segments.data ?? []).map((segment) => (
                <option key={segment.id} value={segment.id}>
                  {segment.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      {action.to === "registrants" ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Registrants who are</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {AGENT_REGISTRATION_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={statuses.includes(status)}
                  onChange={(event) =>
                    onChange({
                      ...action,
                      registrantStatuses: event.target.checked
                        ? [...statuses, status]
                        : statuses.filter((s) => s !== status),
                    })
                  }
                />
                {REGISTRATION_STATUS_LABELS[status]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <MessageFields {...props} />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={action.wordWithModel === true}
          disabled={!modelConfigured && action.wordWithModel !== true}
          onChange={(event) => onChange({ ...action, wordWithModel: event.target.checked })}
        />
        <span>
          Let the language model word each message from this template
          {modelConfigured ? "" : " (this server has no model configured)"}
        </span>
      </label>
    </div>
  );
}
