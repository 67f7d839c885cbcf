import type { QueryClient } from "@tanstack/react-query";
import type { AuthState } from "./features/auth/auth-store.ts";

/** Signed-in routes receive `queryClient` from the _authenticated layout's beforeLoad. */
export type RouterContext = { auth: AuthState; loadQueryClient: () => Promise<QueryClient> };
