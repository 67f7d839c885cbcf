import { useEffect } from "react";
import { Toaster as SonnerToaster } from "sonner";
import type { ResolvedTheme } from "#client/lib/theme.ts";
import { toasterStore } from "#client/lib/toaster-store.ts";

export { toast } from "sonner";

// Effects run in sibling order, so this fires after the Toaster has subscribed to new toasts.
function MountedSignal() {
  useEffect(() => {
    toasterStore.markMounted();
    return toasterStore.markUnmounted;
  }, []);
  return null;
}

export default function Toaster({ theme }: { theme: ResolvedTheme }) {
  return (
    <>
      <SonnerToaster theme={theme} position="bottom-right" closeButton richColors />
      <MountedSignal />
    </>
  );
}
