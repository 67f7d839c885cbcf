import { DownloadIcon } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";

export const RECOVERY_CODES_FILE = "commons-recovery-codes.txt";

export function recoveryCodesText(codes: string[], accountName: string): string {
  return [
    `Commons recovery codes for ${accountName}`,
    "",
    "Each code signs you in once when you cannot use your authenticator app or your phone.",
    "Keep them somewhere safe, away from this device.",
    "",
    ...codes,
    "",
  ].join("\n");
}

function download(codes: string[], accountName: string) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, accountName)], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once: the server keeps them encrypted and never shows them again. */
export function RecoveryCodesList({
  codes,
  accountName,
  onDone,
}: {
  codes: string[];
  /** How the file names the account: its address, or a phone sign-up's number. */
  accountName: string;
  onDone: () => void;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">Your recovery codes</h3>
        <p className="text-sm text-muted-foreground">
          Save these now: they are shown only once. Each one signs you in once if you lose your authenticator
          app.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => download(codes, accountName)}>
          <DownloadIcon aria-hidden="true" />
          Download as a text file
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
