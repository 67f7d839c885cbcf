import { toasterStore } from "./toaster-store.ts";

type Kind = "success" | "error" | "info";

/**
 * Toasts load sonner on first use: mounting its Toaster at start-up would fetch ~14 KB gzip on
 * /login before anyone needs a toast.
 */
export function notify(kind: Kind, message: string): void {
  void Promise.all([import("#client/components/layout/toaster.tsx"), toasterStore.want()]).then(
    ([{ toast }]) => toast[kind](message),
  );
}
