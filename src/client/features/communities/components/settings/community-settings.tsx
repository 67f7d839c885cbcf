import { LockIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { CommunityQuery } from "#client/gql/graphql.ts";
import { BrandingSection } from "./branding-section.tsx";
import { DangerZoneSection } from "./danger-zone-section.tsx";
import { GeneralSection } from "./general-section.tsx";
import { MembershipSection } from "./membership-section.tsx";
import { SETTINGS_SECTIONS } from "./settings-sections.ts";
import { READ_ONLY_NOTE } from "./use-settings-save.ts";

type Community = CommunityQuery["community"];

/**
 * Each section saves on its own (logo and cover even save on upload), so a failed or pending
 * save in one never holds back or discards what was typed in another. `plans`, `payments` and
 * `promoCodes` are other features' sections, composed in by the route for those who may see them.
 */
export function CommunitySettings({
  community,
  plans,
  payments,
  promoCodes,
}: {
  community: Community;
  plans?: ReactNode;
  payments?: ReactNode;
  promoCodes?: ReactNode;
}) {
  const readOnly = !community.viewerCapabilities.includes("COMMUNITY_EDIT");
  const canDelete = community.viewerCapabilities.includes("COMMUNITY_DELETE");
  const sections = SETTINGS_SECTIONS.filter(
    (section) =>
      (section.anchor !== "danger-zone" || canDelete) &&
      (section.anchor !== "plans" || Boolean(plans)) &&
      (section.anchor !== "payments" || Boolean(payments)) &&
      (section.anchor !== "promo-codes" || Boolean(promoCodes)),
  );
  return (
    <div className="grid gap-6">
      <nav aria-label="Settings sections" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1">
          {sections.map((section) => (
            <li key={section.anchor}>
              <a
                href={`#${section.anchor}`}
                className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {readOnly ? (
        <p
          role="note"
          className="flex items-center gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground"
        >
          <LockIcon className="size-4 shrink-0" aria-hidden="true" />
          {READ_ONLY_NOTE}
        </p>
      ) : null}
      <GeneralSection community={community} readOnly={readOnly} />
      <BrandingSection community={community} readOnly={readOnly} />
      <MembershipSection community={community} readOnly={readOnly} />
      {plans}
      {payments}
      {promoCodes}
      {canDelete ? <DangerZoneSection communityId={community.id} communityName={community.name} /> : null}
    </div>
  );
}
