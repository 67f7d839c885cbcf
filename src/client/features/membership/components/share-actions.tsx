import { CalendarPlusIcon, CheckIcon, LinkIcon, Share2Icon } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";

// What only the browser knows (the page's own address, whether a share sheet exists) is read
// through useSyncExternalStore with a server snapshot: the server's page and the first render in
// the browser agree, and the browser's answer follows without moving anything.

const never = () => () => {};

/** The site's origin once in the browser; null while rendering on the server and hydrating. */
function useOrigin(): string | null {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => null,
  );
}

function useCanShare(): boolean {
  return useSyncExternalStore(
    never,
    () => typeof navigator.share === "function",
    () => false,
  );
}

/** Copy link, and the system's share sheet where there is one. */
export function ShareButton({ name, path }: { name: string; path: string }) {
  const canShare = useCanShare();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const url = () => new URL(path, window.location.origin).toString();

  async function copy() {
    setFailed(false);
    try {
      await navigator.clipboard.writeText(url());
      setCopied(true);
    } catch {
      setFailed(true);
    }
  }

  async function share() {
    try {
      await navigator.share({ title: name, url: url() });
    } catch {
      // Closing the sheet rejects too: nothing to tell the visitor.
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="outline" onClick={() => void (canShare ? share() : copy())}>
        {canShare ? (
          <Share2Icon aria-hidden="true" />
        ) : copied ? (
          <CheckIcon aria-hidden="true" />
        ) : (
          <LinkIcon aria-hidden="true" />
        )}
        {canShare ? "Share" : copied ? "Link copied" : "Copy link"}
      </Button>
      <span role="status" className="sr-only">
        {copied ? "The page's link is copied." : ""}
      </span>
      {failed ? (
        <span role="alert" className="text-sm text-destructive">
          Copying did not work: copy the address from the address bar.
        </span>
      ) : null}
    </span>
  );
}

/**
 * "Add to your calendar": the community's feed, as a webcal:// subscription (calendar apps open
 * it and keep it up to date) and as the https address to paste into a calendar's "from URL".
 */
export function CalendarFeedMenu({ slug }: { slug: string }) {
  const origin = useOrigin();
  const path = `/c/${encodeURIComponent(slug)}/calendar.ics`;
  const https = origin ? `${origin}${path}` : path;
  const webcal = origin ? https.replace(/^https?:/, "webcal:") : path;
  const google = origin
    ? `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`
    : "https://calendar.google.com/calendar/r";
  const [copied, setCopied] = useState(false);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <CalendarPlusIcon aria-hidden="true" />
          Add to your calendar
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuItem asChild>
          <a href={webcal}>Subscribe in your calendar app</a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={google} target="_blank" rel="noopener noreferrer">
            Subscribe in Google Calendar
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={path} download>
            Download the calendar (.ics)
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={(event) => {
            event.preventDefault();
            void navigator.clipboard.writeText(https).then(() => setCopied(true));
          }}
        >
          {copied ? "Feed address copied" : "Copy the feed address"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
