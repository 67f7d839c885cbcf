export const EVENT_VISIBILITIES = [
  {
    value: "PUBLIC",
    label: "Public",
    hint: "Anyone with the link can see it, and it is listed on the community's page.",
  },
  {
    value: "MEMBERS",
    label: "Members only",
    hint: "Only signed-in members of the community can see and register.",
  },
  {
    value: "UNLISTED",
    label: "Unlisted",
    hint: "Not listed anywhere; anyone with the link can see and register.",
  },
] as const;

/** A checkbox with a label and an explanation, for on/off settings. */
export function ToggleField({
  id,
  label,
  hint,
  ...props
}: React.ComponentProps<"input"> & { id: string; label: string; hint: string }) {
  return (
    <div className="flex gap-3 rounded-lg border p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        aria-describedby={`${id}-hint`}
        {...props}
      />
      <span className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </span>
      </span>
    </div>
  );
}
