import { VideoIcon } from "lucide-react";
import { cn } from "#client/lib/cn.ts";

/** The link a registered person joins an online event by, with the address shown under it. */
export function JoinOnlineLink({ href, urlClassName }: { href: string; urlClassName: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-3 rounded-lg border bg-background px-3.5 py-3 text-sm hover:bg-accent"
    >
      <VideoIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="grid min-w-0">
        <span className="font-medium">Join online</span>
        <span className={cn(urlClassName, "text-muted-foreground")}>{href}</span>
      </span>
    </a>
  );
}
