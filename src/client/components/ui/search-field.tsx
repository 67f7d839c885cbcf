import { SearchIcon } from "lucide-react";
import { useState } from "react";
import { Input } from "#client/components/ui/input.tsx";
import { cn } from "#client/lib/cn.ts";
import { useDebouncedCallback } from "#client/lib/use-debounced-callback.ts";

/** A search box that keeps what is typed locally and reports it once typing pauses. */
export function SearchField({
  id,
  label,
  value,
  onSearch,
  placeholder,
  large = false,
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  large?: boolean;
  autoFocus?: boolean;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  // The value can change without typing (back/forward, a cleared filter, a saved view opened):
  // the box then shows it, while a pause in typing that reports the same text keeps the caret.
  if (value !== shown) {
    setShown(value);
    if (value !== typed.trim()) setTyped(value);
  }
  const report = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted-foreground",
          large ? "left-4 size-5" : "left-3 size-4",
        )}
      />
      <Input
        id={id}
        type="search"
        value={typed}
        placeholder={placeholder ?? label}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        box={
          large
            ? "h-14 rounded-xl pl-12 pr-4 text-lg shadow-xs"
            : "h-10 rounded-md pl-9 pr-3 text-sm shadow-xs"
        }
        onChange={(event) => {
          setTyped(event.target.value);
          report(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onSearch(typed.trim());
          }
        }}
      />
    </div>
  );
}
