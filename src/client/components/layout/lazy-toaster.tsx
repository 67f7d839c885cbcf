import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ResolvedTheme } from "#client/lib/theme.ts";
import { toasterStore } from "#client/lib/toaster-store.ts";

// sonner and the Toaster load with the first toast (lib/notify.ts).
const Toaster = lazy(() => import("./toaster.tsx"));

export function LazyToaster({ theme }: { theme: ResolvedTheme }) {
  const wanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.isWanted, toasterStore.isWanted);
  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster theme={theme} />
    </Suspense>
  );
}
