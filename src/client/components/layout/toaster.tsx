import { useEffect } from "react";
import { Toaster as SonnerToaster, toast } from "sonner";
import type { ResolvedTheme } from "#client/lib/theme.ts";
import { toasterStore } from "#client/lib/toaster-store.ts";

export { toast } from "sonner";

// Effects run in sibling order, so this fires after the Toaster has subscribed to new toasts.
function MountedSignal() {
  useEffect(() => {
    toasterStore.markMounted();
    return () => {
      // The toasts on screen leave with this Toaster. sonner keeps them in its module until they
      // are dismissed (their timers, which unmounting stops, would have done it) and hands them to
      // the next Toaster that subscribes: a remounted app would show them again beside its own.
      toast.dismiss();
      toasterStore.markUnmounted();
    };
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
