import { createFileRoute } from "@tanstack/react-router";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { PublicLayout } from "#client/components/layout/public-layout.tsx";
import { fetchLegalDocument } from "#client/features/legal/api/legal-queries.ts";
import { LegalDocumentView } from "#client/features/legal/components/legal-document.tsx";

export const Route = createFileRoute("/privacy")({
  loader: ({ abortController }) => fetchLegalDocument("privacy", abortController.signal),
  staleTime: 5 * 60 * 1000,
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  const source = Route.useLoaderData();
  return (
    <PublicLayout>
      <title>Privacy Policy · Commons</title>
      <div className={pageWidth("text", "py-10 sm:py-16")}>
        <LegalDocumentView source={source} />
      </div>
    </PublicLayout>
  );
}
