import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "#client/components/ui/radio-group.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { answerLimit } from "#client/features/event-page/answers.ts";
import type { EventQuestion } from "#client/features/event-page/api/event-page-queries.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";

/** The value a ticked consent checkbox sends. */
export const CHECKED = "true";

function RequiredMark({ required }: { required: boolean }) {
  if (!required) return <span className="ml-1 text-xs font-normal text-muted-foreground">(optional)</span>;
  return (
    <span className="ml-0.5 text-destructive" aria-hidden="true">
      *
    </span>
  );
}

const checkClass =
  "size-4 shrink-0 cursor-pointer rounded-[4px] border-input accent-[var(--primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

export function QuestionField({
  question,
  values,
  error,
  onChange,
  idPrefix,
}: {
  question: EventQuestion;
  values: string[];
  error: string | undefined;
  onChange: (values: string[]) => void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${question.id}`;
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;

  if (question.kind === "CHECKBOX") {
    return (
      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className={`${checkClass} mt-0.5`}
            checked={values[0] === CHECKED}
            onChange={(event) => onChange(event.target.checked ? [CHECKED] : [])}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            aria-required={question.required || undefined}
          />
          <Label htmlFor={id} className="leading-snug font-normal">
            {question.label}
            <RequiredMark required={question.required} />
          </Label>
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  }

  if (question.kind === "SINGLE_CHOICE" || question.kind === "MULTIPLE_CHOICE") {
    const legendId = `${id}-legend`;
    return (
      <fieldset className="grid gap-2.5" aria-describedby={describedBy}>
        <legend id={legendId} className="mb-2.5 text-sm font-medium">
          {question.label}
          <RequiredMark required={question.required} />
        </legend>
        {question.kind === "SINGLE_CHOICE" ? (
          <RadioGroup
            value={values[0] ?? ""}
            onValueChange={(value) => onChange([value])}
            aria-labelledby={legendId}
            aria-invalid={invalid}
            aria-required={question.required}
          >
            {question.options.map((option, index) => (
              <div key={option} className="flex items-center gap-3">
                <RadioGroupItem id={`${id}-${index}`} value={option} />
                <Label htmlFor={`${id}-${index}`} className="font-normal">
                  {option}
                </Label>
              </div>
            ))}
          </RadioGroup>
        ) : (
          <div className="grid gap-2">
            {question.options.map((option, index) => (
              <div key={option} className="flex items-center gap-3">
                <input
                  id={`${id}-${index}`}
                  type="checkbox"
                  className={checkClass}
                  checked={values.includes(option)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? question.options.filter((o) => o === option || values.includes(o))
                        : values.filter((value) => value !== option),
                    )
                  }
                  aria-invalid={invalid}
                />
                <Label htmlFor={`${id}-${index}`} className="font-normal">
                  {option}
                </Label>
              </div>
            ))}
          </div>
        )}
        <FieldError id={errorId}>{error}</FieldError>
      </fieldset>
    );
  }

  const limit = answerLimit(question.kind);
  const common = {
    id,
    maxLength: limit ? TEXT_LIMITS[limit] : undefined,
    value: values[0] ?? "",
    "aria-invalid": invalid,
    "aria-describedby": describedBy,
    "aria-required": question.required || undefined,
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="leading-snug">
        {question.label}
        <RequiredMark required={question.required} />
      </Label>
      {question.kind === "LONG_TEXT" ? (
        <Textarea {...common} rows={4} onChange={(event) => onChange([event.target.value])} />
      ) : (
        <Input {...common} onChange={(event) => onChange([event.target.value])} />
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
