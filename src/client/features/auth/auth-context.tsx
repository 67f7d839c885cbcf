import { createContext, type ReactNode, use, useSyncExternalStore } from "react";
import type { AuthState } from "./auth-store.ts";

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ auth, children }: { auth: AuthState; children: ReactNode }) {
  return <AuthContext value={auth}>{children}</AuthContext>;
}

// Pages rendered on the server are rendered signed out, and hydrated as they were rendered.
const signedOut = () => null;

export function useAuth() {
  const auth = use(AuthContext);
  if (!auth) throw new Error("useAuth must be used inside AuthProvider");
  const user = useSyncExternalStore(auth.subscribe, () => auth.user, signedOut);
  return { isAuthenticated: user !== null, user, refresh: auth.refresh, signOut: auth.signOut };
}
