import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from "react";
import {
  applyTheme,
  type ResolvedTheme,
  readStoredTheme,
  resolveTheme,
  systemPrefersDark,
  THEME_STORAGE_KEY,
  type Theme,
  watchSystemTheme,
} from "#client/lib/theme.ts";

type ThemeContextValue = { theme: Theme; resolvedTheme: ResolvedTheme; setTheme: (theme: Theme) => void };

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * `hydrating`: the page came rendered from the server, which knows neither the stored choice nor
 * the system's preference, so the first render shows what the server's did (the default, dark) and
 * the stored choice follows right after. /theme-init.js has already set the page's colours before
 * paint, and they are left alone until the stored choice is known.
 */
export function ThemeProvider({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  const [theme, setThemeState] = useState<Theme>(() =>
    hydrating ? "dark" : readStoredTheme(window.localStorage),
  );
  const [prefersDark, setPrefersDark] = useState(() => (hydrating ? true : systemPrefersDark()));
  const [settled, setSettled] = useState(!hydrating);
  const resolvedTheme = resolveTheme(theme, prefersDark);

  // Subscribing to the OS preference is a true external subscription, not data loading.
  useEffect(() => {
    if (hydrating) {
      setThemeState(readStoredTheme(window.localStorage));
      setPrefersDark(systemPrefersDark());
      setSettled(true);
    }
    return watchSystemTheme(setPrefersDark);
  }, [hydrating]);

  useEffect(() => {
    if (settled) applyTheme(resolvedTheme);
  }, [resolvedTheme, settled]);

  const setTheme = useCallback((next: Theme) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = use(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
