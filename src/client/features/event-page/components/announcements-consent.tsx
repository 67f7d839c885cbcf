/**
 * The registration form's opt-in to the host community's announcements: unticked until the
 * registrant ticks it, and named after the community so it is clear who will write.
 */
export function AnnouncementsConsent({
  id,
  communityName,
  checked,
  onChange,
}: {
  id: string;
  communityName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>
        Send me announcements from {communityName}
        <span className="block text-xs text-muted-foreground">
          Optional. Each one comes with a one-click unsubscribe link.
        </span>
      </label>
    </div>
  );
}
