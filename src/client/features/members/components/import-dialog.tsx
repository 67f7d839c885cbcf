import { useQuery } from "@tanstack/react-query";
import { UploadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import type { CommunityRole } from "#client/gql/graphql.ts";
import { importRunning, memberImportsQueryOptions } from "../api/member-import-queries.ts";
import { ImportProgress } from "./import-progress.tsx";
import { ImportSetupForm } from "./import-setup-form.tsx";

type Props = { communityId: string; roles: CommunityRole[] };

/** "Import": upload a CSV, map it, start the import and watch it in the same dialog. */
export function ImportDialog({ communityId, roles }: Props) {
  const [open, setOpen] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden="true" /> Import
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setImportId(null);
        }}
        title="Import members"
        description="Add people from a CSV file. The import goes on if you close this dialog or reload the page."
      >
        {importId ? (
          <div className="grid gap-4">
            <ImportProgress importId={importId} communityId={communityId} />
            <div className="flex justify-end">
              <Button onClick={() => setOpen(false)}>Close</Button>
            </div>
          </div>
        ) : (
          <ImportSetupForm communityId={communityId} roles={roles} onStarted={setImportId} />
        )}
      </Modal>
    </>
  );
}

/**
 * The page's card for an import under way, found again after a reload; it stays with its results
 * once the import ends, until dismissed.
 */
export function CurrentImport({ communityId }: { communityId: string }) {
  const imports = useQuery(memberImportsQueryOptions(communityId));
  const [shown, setShown] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const running = imports.data?.find((i) => importRunning(i.status) && !dismissed.has(i.id));
  if (running && running.id !== shown && (shown === null || dismissed.has(shown))) setShown(running.id);
  if (!shown || dismissed.has(shown)) return null;
  return (
    <div className="grid gap-3 rounded-xl border p-4">
      <ImportProgress importId={shown} communityId={communityId} />
      <Button variant="ghost" className="w-fit" onClick={() => setDismissed(new Set([...dismissed, shown]))}>
        Dismiss
      </Button>
    </div>
  );
}
