import type { ReactNode } from "react";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Label } from "#client/components/ui/label.tsx";

/** The ids a field's control points to: its hint and, when shown, its error. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A label, the control, its hint and its error, wired by `id` (`${id}-hint`, `${id}-error`). */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ?? "grid content-start gap-2"}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
