import { DownloadIcon } from "lucide-react";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * A link that downloads `href` as a CSV file. The server builds the file with the same
 * authorization as the page, so the browser's own download (with the session cookie) is enough.
 */
export function CsvDownloadLink({
  href,
  label,
  className,
}: {
  href: string;
  label: string;
  className?: string;
}) {
  return (
    <a
      href={href}
      download
      aria-label={`CSV: download ${label}`}
      className={cn(buttonVariants({ variant: "ghost", size: "sm" }), className)}
    >
      <DownloadIcon aria-hidden="true" />
      CSV
    </a>
  );
}
