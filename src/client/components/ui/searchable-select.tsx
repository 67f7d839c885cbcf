import { CheckIcon, ChevronDownIcon } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { cn } from "#client/lib/cn.ts";

export type SelectOption = { value: string; label: string; keywords?: string };

type SearchableSelectProps = {
  id: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  disabled?: boolean;
};

const MAX_VISIBLE = 200;

export function filterOptions(options: SelectOption[], query: string): SelectOption[] {
  const terms = query.trim().toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  if (terms.length === 0) return options;
  return options.filter((option) => {
    const haystack = `${option.label} ${option.value} ${option.keywords ?? ""}`
      .toLowerCase()
      .replaceAll("_", " ");
    return terms.every((term) => haystack.includes(term));
  });
}

/** An ARIA 1.2 combobox: type to filter, arrows to move, Enter to choose, Escape to cancel. */
export function SearchableSelect({
  id,
  value,
  options,
  onChange,
  onBlur,
  invalid,
  describedBy,
  placeholder,
  disabled = false,
}: SearchableSelectProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.find((option) => option.value === value);
  const matches = useMemo(() => filterOptions(options, query).slice(0, MAX_VISIBLE), [options, query]);

  function openList() {
    setOpen(true);
    setQuery("");
    const index = options.findIndex((option) => option.value === value);
    setActive(Math.max(0, index));
    requestAnimationFrame(() => scrollToIndex(Math.max(0, index)));
  }

  function scrollToIndex(index: number) {
    listRef.current?.querySelector(`[data-index="${index}"]`)?.scrollIntoView({ block: "nearest" });
  }

  function choose(option: SelectOption | undefined) {
    if (option) onChange(option.value);
    setOpen(false);
    setQuery("");
  }

  function move(delta: number) {
    if (!open) {
      openList();
      return;
    }
    const next = Math.min(Math.max(active + delta, 0), matches.length - 1);
    setActive(next);
    scrollToIndex(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        move(-1);
        break;
      case "PageDown":
        if (open) {
          event.preventDefault();
          move(10);
        }
        break;
      case "PageUp":
        if (open) {
          event.preventDefault();
          move(-10);
        }
        break;
      case "Enter":
        if (open) {
          event.preventDefault();
          choose(matches[active]);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setQuery("");
        }
        break;
      case "Tab":
        setOpen(false);
        setQuery("");
        break;
    }
  }

  const activeId = open && matches[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="relative">
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        value={open ? query : (selected?.label ?? value)}
        onChange={(event) => {
          if (!open) setOpen(true);
          setQuery(event.target.value);
          setActive(0);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          setOpen(false);
          setQuery("");
          onBlur?.();
        }}
        className="flex h-10 w-full rounded-md border border-input bg-background py-2 pr-9 pl-3 text-sm shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
      />
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Options"
        hidden={!open}
        className="absolute z-40 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {matches.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">No matches</p>
        ) : (
          matches.map((option, index) => (
            // Options stay out of the tab order on purpose: focus remains in the input (aria-activedescendant).
            // biome-ignore lint/a11y/useFocusableInteractive: ARIA combobox pattern keeps DOM focus on the input.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keyboard for every option.
            <div
              key={option.value}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={option.value === value}
              className={cn(
                "flex cursor-pointer items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm",
                index === active && "bg-accent text-accent-foreground",
              )}
              // Keeps focus in the input, so the blur handler does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
            >
              <span className="line-clamp-1">{option.label}</span>
              {option.value === value ? <CheckIcon className="size-4 shrink-0" aria-hidden="true" /> : null}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
