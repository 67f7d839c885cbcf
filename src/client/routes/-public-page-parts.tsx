import { type ComponentProps, lazy, type ReactNode, Suspense } from "react";
import { Spinner } from "#client/components/ui/spinner.tsx";

/*
 * The parts of /e/{id} and /c/{slug} that a signed-out visitor's first view never shows: the
 * signed-in person's menu, signing in in place (after pressing Register or Join), a ticket's QR
 * code and the cancel dialog. The server renders the page signed out, so none of them is in its
 * HTML or in the first render that hydrates it; loaded when first shown, their code (Radix's menu
 * and dialog, Floating UI, the sign-in forms, the QR encoder) stays out of what a phone downloads
 * and runs before the page is live.
 */

const UserMenuPart = lazy(() =>
  import("#client/features/auth/components/user-menu.tsx").then((module) => ({ default: module.UserMenu })),
);
const InlineSignInPart = lazy(() =>
  import("#client/features/auth/components/inline-sign-in.tsx").then((module) => ({
    default: module.InlineSignIn,
  })),
);
const CheckInQrPart = lazy(() =>
  import("#client/features/registrations/components/check-in-qr.tsx").then((module) => ({
    default: module.CheckInQr,
  })),
);
const CancelRegistrationPart = lazy(() =>
  import("#client/features/registrations/components/cancel-registration-button.tsx").then((module) => ({
    default: module.CancelRegistrationButton,
  })),
);

/** The signed-in person's menu; it appears with the session, after hydration, so nothing waits for it. */
export function LazyUserMenu() {
  return (
    <Suspense fallback={null}>
      <UserMenuPart />
    </Suspense>
  );
}

/**
 * `children` come after the form inside the same Suspense boundary, so they hydrate with it: a
 * page that shows the form in its first HTML says it is ready from there (`<PageReady />`).
 */
export function LazyInlineSignIn({
  children,
  ...props
}: ComponentProps<typeof InlineSignInPart> & { children?: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading sign-in" />}>
      <InlineSignInPart {...props} />
      {children}
    </Suspense>
  );
}

export function LazyCheckInQr(props: ComponentProps<typeof CheckInQrPart>) {
  return (
    <Suspense fallback={<Spinner label="Loading your ticket" />}>
      <CheckInQrPart {...props} />
    </Suspense>
  );
}

export function LazyCancelRegistrationButton(props: ComponentProps<typeof CancelRegistrationPart>) {
  return (
    <Suspense fallback={null}>
      <CancelRegistrationPart {...props} />
    </Suspense>
  );
}
