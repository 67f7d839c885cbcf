import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isValidSlug } from "#shared/slug.ts";
import { slugAvailabilityQueryOptions } from "./communities-queries.ts";

export type SlugStatus = "idle" | "invalid" | "checking" | "available" | "taken" | "reserved" | "unknown";

const DEBOUNCE_MS = 300;

/** `ownSlug` is the community's current address when editing it: keeping it is always allowed. */
export function useSlugAvailability(slug: string, ownSlug?: string): SlugStatus {
  const [debounced, setDebounced] = useState(slug);
  // Debouncing is a timer on typed input; the request itself goes through the query cache.
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(slug), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [slug]);

  const valid = isValidSlug(debounced);
  const query = useQuery({
    ...slugAvailabilityQueryOptions(debounced),
    enabled: valid && debounced !== ownSlug,
  });

  if (slug.length === 0) return "idle";
  if (ownSlug !== undefined && slug === ownSlug) return "available";
  if (!isValidSlug(slug)) return "invalid";
  if (debounced !== slug || query.isPending) return "checking";
  if (query.isError) return "unknown";
  if (query.data.available) return "available";
  if (query.data.reason === "TAKEN") return "taken";
  if (query.data.reason === "RESERVED") return "reserved";
  return "invalid";
}
