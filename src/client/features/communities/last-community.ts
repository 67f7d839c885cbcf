const KEY = "commons:last-community";

export function readLastCommunityId(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberLastCommunityId(id: string): void {
  try {
    window.localStorage.setItem(KEY, id);
  } catch {
    // Without storage /dashboard simply falls back to the community list.
  }
}

export function forgetLastCommunityId(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
