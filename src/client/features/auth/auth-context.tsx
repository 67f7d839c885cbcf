import { createContext, type ReactNode, use, useSyncExternalStore } from "react";
import type { AuthState } from "./auth-store.ts";

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ auth, children }: { auth: AuthState; children: ReactNode }) {
  return <AuthContext value={auth}>{children}</AuthContext>;
}

export function useAuth() {
  const auth = use(AuthContext);
  if (!auth) throw new Error("useAuth must be used inside AuthProvider");
  const user = useSyncExternalStore(
    auth.subscribe,
    () => auth.user,
    () => auth.user,
  );
  return { isAuthenticated: user !== null, user, refresh: auth.refresh, signOut: auth.signOut };
}
