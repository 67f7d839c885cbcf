/**
 * Every path the client router answers, as TanStack Router spells it (`$name` is one segment).
 * The server answers 404 for anything else; src/client/client-routes.test.ts keeps this list
 * equal to the client's generated route tree.
 */
export const CLIENT_ROUTES = [
  "/",
  "/login",
  "/otp",
  "/two-factor",
  "/signed-in",
  "/privacy",
  "/terms",
  "/community-selection",
  "/create-community",
  "/me",
  "/welcome",
  "/e/$eventId",
  "/c/$slug",
  "/r/$token",
  "/invitation/$token",
  "/unsubscribe/$token",
  "/unfollow/$token",
  "/dashboard/$communityId",
  "/dashboard/",
  "/dashboard/$communityId/coming-soon",
  "/dashboard/$communityId/create-event",
  "/dashboard/$communityId/edit",
  "/dashboard/$communityId/insights",
  "/dashboard/$communityId/members",
  "/dashboard/$communityId/payments",
  "/event/$eventId/edit",
  "/dashboard/$communityId/",
  "/dashboard/$communityId/agents/",
  "/dashboard/$communityId/agents/$agentId",
  "/dashboard/$communityId/agents/approvals",
  "/dashboard/$communityId/events/",
  "/dashboard/$communityId/events/$eventId/check-in",
  "/dashboard/$communityId/events/$eventId/",
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

const segments = (path: string) => path.split("/").filter((part) => part !== "");

const PATTERNS = CLIENT_ROUTES.map(segments);

/** Whether the client has a screen for this pathname (trailing slashes do not matter). */
export function isClientRoute(pathname: string): boolean {
  let parts: string[];
  try {
    parts = segments(pathname).map((part) => decodeURIComponent(part));
  } catch {
    return false;
  }
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((expected, i) => (expected.startsWith("$") ? parts[i] !== "" : expected === parts[i])),
  );
}
