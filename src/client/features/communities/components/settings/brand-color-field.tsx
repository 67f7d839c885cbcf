import { AlertTriangleIcon } from "lucide-react";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";
import { contrastRatio, isHexColor } from "#client/lib/color.ts";

/** Pickers need some colour to show while the field is empty or half-typed. */
export const FALLBACK_BRAND_COLOR = "#4f46e5";
const AA_NORMAL_TEXT = 4.5;

export function whiteTextContrast(color: string): number | null {
  return isHexColor(color) ? contrastRatio(color, "#ffffff") : null;
}

/**
 * A native colour picker and a hex text field edit the same value; the text field is the
 * accessible one (the picker's own UI varies by browser) and the one validation points at.
 */
export function BrandColorField({
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const normalized = value.trim().toLowerCase();
  const valid = isHexColor(normalized);
  const ratio = whiteTextContrast(normalized);
  const lowContrast = ratio !== null && ratio < AA_NORMAL_TEXT;
  const errorId = `${id}-error`;
  const describedBy = [`${id}-hint`, lowContrast ? `${id}-contrast` : null, error ? errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Brand colour</Label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label="Pick brand colour"
          value={valid ? normalized : FALLBACK_BRAND_COLOR}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          className="h-10 w-12 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <div className="w-36">
          <Input
            id={id}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            disabled={disabled}
            placeholder="#4f46e5"
            maxLength={7}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="font-mono"
          />
        </div>
        <BrandPreview color={valid ? normalized : null} />
      </div>
      <FieldHint id={`${id}-hint`}>
        A hex colour like #4f46e5, used for buttons and highlights on your community's pages. Leave it empty
        for the default.
      </FieldHint>
      {lowContrast ? (
        <p
          id={`${id}-contrast`}
          className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            White text on this colour has a contrast of {ratio.toFixed(1)}:1, below the 4.5:1 that WCAG AA
            asks for. Some people won't be able to read buttons in this colour; a darker shade works better.
          </span>
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function BrandPreview({ color }: { color: string | null }) {
  return (
    <span className="flex items-center gap-2" aria-hidden="true">
      <span
        data-testid="brand-preview"
        className={cn(
          "inline-flex h-9 items-center rounded-md px-4 text-sm font-medium shadow-sm",
          color ? "text-white" : "bg-primary text-primary-foreground",
        )}
        style={color ? { backgroundColor: color } : undefined}
      >
        Join community
      </span>
    </span>
  );
}
