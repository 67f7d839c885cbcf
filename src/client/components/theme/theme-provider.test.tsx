import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readStoredTheme, resolveTheme, THEME_STORAGE_KEY } from "#client/lib/theme.ts";
import { ThemeCycleButton } from "./theme-cycle-button.tsx";
import { ThemeProvider } from "./theme-provider.tsx";

type Listener = (event: MediaQueryListEvent) => void;

function mockColorScheme(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  let matches = initiallyDark;
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    get matches() {
      return matches;
    },
    media: query,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  }));
  return {
    set(dark: boolean) {
      matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

const html = () => document.documentElement;

describe("theme", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is dark when nothing is stored, even if the system prefers light", () => {
    mockColorScheme(false);
    expect(readStoredTheme(window.localStorage)).toBe("dark");
    render(
      <ThemeProvider>
        <ThemeCycleButton />
      </ThemeProvider>,
    );
    expect(html().classList.contains("dark")).toBe(true);
  });

  it("ignores a stored value that is not a theme", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "purple");
    expect(readStoredTheme(window.localStorage)).toBe("dark");
  });

  it("resolves system from the colour-scheme preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("in system mode follows the operating system live", () => {
    const scheme = mockColorScheme(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, "system");
    render(
      <ThemeProvider>
        <ThemeCycleButton />
      </ThemeProvider>,
    );
    expect(html().classList.contains("dark")).toBe(true);
    act(() => scheme.set(false));
    expect(html().classList.contains("light")).toBe(true);
    expect(html().classList.contains("dark")).toBe(false);
  });

  it("remembers the choice made with the toggle", async () => {
    mockColorScheme(true);
    render(
      <ThemeProvider>
        <ThemeCycleButton />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: /theme: dark/i }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(html().classList.contains("light")).toBe(true);
  });
});
