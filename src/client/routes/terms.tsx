import { createFileRoute } from "@tanstack/react-router";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { PublicLayout } from "#client/components/layout/public-layout.tsx";
import { fetchLegalDocument } from "#client/features/legal/api/legal-queries.ts";
import { LegalDocumentView } from "#client/features/legal/components/legal-document.tsx";

export const Route = createFileRoute("/terms")({
  loader: ({ abortController }) => fetchLegalDocument("terms", abortController.signal),
  staleTime: 5 * 60 * 1000,
  component: TermsofServicePage,
});

function TermsofServicePage() {
  const source = Route.useLoaderData();
  return (
    <PublicLayout>
      <title>Terms of Service · Commons</title>
      <div className={pageWidth("text", "py-10 sm:py-16")}>
        <LegalDocumentView source={source} />
      </div>
    </PublicLayout>
  );
}
