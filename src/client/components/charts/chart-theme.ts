import { useSyncExternalStore } from "react";

/** The palette charts draw with, read from the theme's CSS variables so light and dark both hold. */
export type ChartTheme = {
  series: readonly string[];
  axis: string;
  grid: string;
  background: string;
  font: string;
};

/** The chart colours styles.css defines for each theme, in the order series use them. */
export const SERIES_VARIABLES = ["--chart-1", "--chart-2", "--chart-3", "--chart-4", "--chart-5"] as const;

function readVariable(style: CSSStyleDeclaration, name: string, fallback: string): string {
  const value = style.getPropertyValue(name).trim();
  return value || fallback;
}

function readTheme(): ChartTheme {
  const root = document.documentElement;
  const style = getComputedStyle(root);
  const fontFamily = getComputedStyle(document.body).fontFamily || "sans-serif";
  return {
    series: SERIES_VARIABLES.map((name) => readVariable(style, name, "#6366f1")),
    axis: readVariable(style, "--muted-foreground", "#71717a"),
    grid: readVariable(style, "--border", "#e4e4e7"),
    background: readVariable(style, "--card", "#ffffff"),
    font: `12px ${fontFamily}`,
  };
}

// The theme provider switches the `dark` class on <html> in an effect that runs after the effects
// of the components below it, so charts watch the class itself rather than the provider's state.
let cached: { key: string; theme: ChartTheme } | null = null;

function snapshot(): ChartTheme {
  const key = document.documentElement.className;
  if (!cached || cached.key !== key) cached = { key, theme: readTheme() };
  return cached.theme;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
  return () => observer.disconnect();
}

/** The current chart palette; components using it redraw when the theme changes. */
export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
