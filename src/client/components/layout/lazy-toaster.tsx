import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toasterStore } from "#client/lib/notify.ts";
import type { ResolvedTheme } from "#client/lib/theme.ts";

// Effects run in sibling order, so this fires after the Toaster has subscribed to new toasts.
function MountedSignal() {
  useEffect(() => {
    toasterStore.markMounted();
    return toasterStore.markUnmounted;
  }, []);
  return null;
}

const Toaster = lazy(() =>
  import("sonner").then(({ Toaster: SonnerToaster }) => ({
    default: ({ theme }: { theme: ResolvedTheme }) => (
      <>
        <SonnerToaster theme={theme} position="bottom-right" closeButton richColors />
        <MountedSignal />
      </>
    ),
  })),
);

export function LazyToaster({ theme }: { theme: ResolvedTheme }) {
  const wanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.isWanted);
  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster theme={theme} />
    </Suspense>
  );
}
