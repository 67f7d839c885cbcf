import { ShieldAlertIcon } from "lucide-react";

export function NotManagerNotice({ publicPath }: { publicPath: string }) {
  return (
    <div role="note" className="grid justify-items-start gap-2 rounded-xl border bg-card p-6">
      <ShieldAlertIcon aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="font-medium">Only organizers, admins and owners can see registrations.</p>
      <a href={publicPath} className="text-sm text-primary hover:underline">
        Open the event's public page
      </a>
    </div>
  );
}
