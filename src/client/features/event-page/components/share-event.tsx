import { CheckIcon, LinkIcon, Share2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useCanShare } from "#client/features/event-page/browser-state.ts";

/**
 * Copy the page's link, and the system share sheet where the browser has one. Whether it has one
 * is known only after hydration, so the sheet's button always takes its place and is shown then.
 */
export function ShareEvent({ title, eventId }: { title: string; eventId: string }) {
  const canShare = useCanShare();
  const [copied, setCopied] = useState(false);
  const url = () => `${window.location.origin}/e/${eventId}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url());
      setCopied(true);
    } catch {
      // Without clipboard access (an insecure origin, a refused permission) the address bar still has it.
      window.prompt("Copy this link", url());
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url: url() });
    } catch {
      // Closing the sheet rejects too; nothing to tell.
    }
  }

  return (
    <div className="grid gap-2">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Share</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          {copied ? <CheckIcon aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
          <span aria-live="polite">{copied ? "Link copied" : "Copy link"}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={share}
          className={canShare ? undefined : "invisible"}
          aria-hidden={canShare ? undefined : true}
          tabIndex={canShare ? undefined : -1}
          data-testid="share-sheet"
        >
          <Share2Icon aria-hidden="true" />
          Share…
        </Button>
      </div>
    </div>
  );
}
