import { buttonVariants } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Theme } from "#client/lib/theme.ts";
import { useTheme } from "./theme-provider.tsx";

const NEXT: Record<Theme, Theme> = { dark: "light", light: "system", system: "dark" };

/** A single button for public pages, which keeps the menu library out of the login bundle. */
export function ThemeCycleButton({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      className={cn(
        buttonVariants({ variant: "ghost", size: "sm" }),
        "capitalize text-muted-foreground",
        className,
      )}
      aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}
    >
      <span aria-hidden="true" className={`theme-icon theme-icon-${theme}`} />
      <span className="hidden sm:inline">{theme}</span>
    </button>
  );
}
