import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { Textarea } from "#client/components/ui/textarea.tsx";
import {
  AGENT_LIMITS,
  type AgentConditions,
  type AgentJudgement,
  type AgentTrigger,
} from "#shared/agents.ts";
import { agentSegmentsQueryOptions } from "../api/agents-queries.ts";
import type { FieldErrors } from "../definition.ts";
import { ANSWER_TRIGGERS, EVENT_TRIGGERS } from "../labels.ts";
import { describedBy, Field } from "./field.tsx";

type JudgementChoice = "none" | "answers_contain" | "model_judges";

/** Only some entries: a saved segment, event filters, and a judgement on the answers. */
export function ConditionsFields({
  communityId,
  trigger,
  conditions,
  onChange,
  errors,
  modelConfigured,
}: {
  communityId: string;
  trigger: AgentTrigger;
  conditions: AgentConditions;
  onChange: (conditions: AgentConditions) => void;
  errors: FieldErrors;
  modelConfigured: boolean;
}) {
  const id = useId();
  const segments = useQuery(agentSegmentsQueryOptions(communityId));
  const hasEvent = EVENT_TRIGGERS.includes(trigger.kind);
  const hasAnswers = ANSWER_TRIGGERS.includes(trigger.kind);
  const segmentError = errors["conditions.segmentId"];
  const titleError = errors["conditions.eventTitleContains"];
  const paid = conditions.eventPaid == null ? "any" : conditions.eventPaid ? "paid" : "free";
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-segment`}
          label="Only people in a segment"
          error={segmentError}
          hint="Segments are saved from the members list's filters."
        >
          <select
            id={`${id}-segment`}
            className={formSelectClass}
            value={conditions.segmentId ?? ""}
            aria-invalid={segmentError ? true : undefined}
            aria-describedby={describedBy(`${id}-segment`, true, segmentError)}
            onChange={(event) => onChange({ ...conditions, segmentId: event.target.value || null })}
          >
            <option value="">Anyone</option>
            {(segments.data ?? []).map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {hasEvent ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-title`} label="Only events whose title contains" error={titleError}>
            <Input
              id={`${id}-title`}
              value={conditions.eventTitleContains ?? ""}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={describedBy(`${id}-title`, false, titleError)}
              onChange={(event) =>
                onChange({ ...conditions, eventTitleContains: event.target.value || null })
              }
            />
          </Field>
          <Field id={`${id}-paid`} label="Paid or free events" error={errors["conditions.eventPaid"]}>
            <select
              id={`${id}-paid`}
              className={formSelectClass}
              value={paid}
              onChange={(event) =>
                onChange({
                  ...conditions,
                  eventPaid: event.target.value === "any" ? null : event.target.value === "paid",
                })
              }
            >
              <option value="any">Any event</option>
              <option value="paid">Only paid events</option>
              <option value="free">Only free events</option>
            </select>
          </Field>
        </div>
      ) : null}
      {hasAnswers || conditions.judgement ? (
        <JudgementFields
          judgement={conditions.judgement ?? null}
          onChange={(judgement) => onChange({ ...conditions, judgement })}
          errors={errors}
          modelConfigured={modelConfigured}
        />
      ) : null}
    </div>
  );
}

function JudgementFields({
  judgement,
  onChange,
  errors,
  modelConfigured,
}: {
  judgement: AgentJudgement | null;
  onChange: (judgement: AgentJudgement | null) => void;
  errors: FieldErrors;
  modelConfigured: boolean;
}) {
  const id = useId();
  const choice: JudgementChoice = judgement?.kind ?? "none";
  const wordsError = errors["conditions.judgement.words"];
  const instructionsError = errors["conditions.judgement.instructions"];
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Judge the answers</legend>
      <Field
        id={`${id}-kind`}
        label="How"
        error={errors["conditions.judgement"]}
        hint={
          modelConfigured
            ? undefined
            : "Judging by model instructions needs a language model, which this server has not configured."
        }
      >
        <select
          id={`${id}-kind`}
          className={formSelectClass}
          value={choice}
          aria-describedby={describedBy(`${id}-kind`, !modelConfigured, errors["conditions.judgement"])}
          onChange={(event) => {
            const next = event.target.value as JudgementChoice;
            onChange(
              next === "none"
                ? null
                : next === "answers_contain"
                  ? { kind: next, words: [], match: "any" }
                  : { kind: next, instructions: "" },
            );
          }}
        >
          <option value="none">Don&apos;t judge</option>
          <option value="answers_contain">The answers contain words</option>
          <option value="model_judges" disabled={!modelConfigured && choice !== "model_judges"}>
            The model follows my instructions{modelConfigured ? "" : " (no model configured)"}
          </option>
        </select>
      </Field>
      {judgement?.kind === "answers_contain" ? (
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <Field
            id={`${id}-words`}
            label="Words"
            error={wordsError}
            hint={`Separated by commas, up to ${AGENT_LIMITS.keywords}; case does not matter.`}
          >
            <Input
              id={`${id}-words`}
              value={judgement.words.join(", ")}
              aria-invalid={wordsError ? true : undefined}
              aria-describedby={describedBy(`${id}-words`, true, wordsError)}
              onChange={(event) =>
                onChange({
                  ...judgement,
                  words: event.target.value.split(",").map((word, i, all) =>
                    // The last piece is still being typed: keep its spaces so the caret stays put.
                    i === all.length - 1 ? word.trimStart() : word.trim(),
                  ),
                })
              }
            />
          </Field>
          <Field id={`${id}-match`} label="Match" error={errors["conditions.judgement.match"]}>
            <select
              id={`${id}-match`}
              className={formSelectClass}
              value={judgement.match}
              onChange={(event) =>
                onChange({ ...judgement, match: event.target.value === "all" ? "all" : "any" })
              }
            >
              <option value="any">Any of the words</option>
              <option value="all">All of the words</option>
            </select>
          </Field>
        </div>
      ) : null}
      {judgement?.kind === "model_judges" ? (
        <Field
          id={`${id}-instructions`}
          label="Instructions for the model"
          error={instructionsError}
          hint="Describe who should pass, e.g. “They say what they hope to learn.”"
        >
          <Textarea
            id={`${id}-instructions`}
            rows={3}
            maxLength={AGENT_LIMITS.judgementLength}
            value={judgement.instructions}
            disabled={!modelConfigured}
            aria-invalid={instructionsError ? true : undefined}
            aria-describedby={describedBy(`${id}-instructions`, true, instructionsError)}
            onChange={(event) => onChange({ ...judgement, instructions: event.target.value })}
          />
        </Field>
      ) : null}
      {judgement?.kind === "model_judges" && !modelConfigured ? (
        <FieldHint>
          Choose another way or remove the judgement: no model can judge these answers now.
        </FieldHint>
      ) : null}
    </fieldset>
  );
}
