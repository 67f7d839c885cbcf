import type { AuthUser } from "#client/lib/auth-client.ts";
import * as authClient from "#client/lib/auth-client.ts";

export type AuthState = {
  readonly isAuthenticated: boolean;
  readonly user: AuthUser | null;
  refresh: () => Promise<AuthUser | null>;
  signOut: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
};

/**
 * A mutable store rather than React state: the router reads `context.auth` inside beforeLoad at
 * navigation time, so it must see sign-in and sign-out immediately, before any re-render.
 */
export function createAuthStore(initialUser: AuthUser | null): AuthState {
  let user = initialUser;
  const listeners = new Set<() => void>();
  const set = (next: AuthUser | null) => {
    user = next;
    for (const listener of listeners) listener();
  };

  return {
    get isAuthenticated() {
      return user !== null;
    },
    get user() {
      return user;
    },
    async refresh() {
      const session = await authClient.getSession();
      set(session?.user ?? null);
      return session?.user ?? null;
    },
    async signOut() {
      try {
        await authClient.signOut();
      } finally {
        set(null);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export async function loadInitialAuth(): Promise<AuthState> {
  try {
    const session = await authClient.getSession();
    return createAuthStore(session?.user ?? null);
  } catch {
    // With the server unreachable the app still renders; protected routes then send people to /login.
    return createAuthStore(null);
  }
}
