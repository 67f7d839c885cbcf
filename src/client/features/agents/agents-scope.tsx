import { createContext, type ReactNode, use } from "react";

/**
 * What the route hands every agents screen: the community, and how to refresh what the sidebar
 * counts (pending approvals and unread notices live in the community's query, which this feature
 * does not own).
 */
type AgentsScope = { communityId: string; onBadgeChange: () => void };

const Scope = createContext<AgentsScope | null>(null);

export function AgentsScopeProvider({ value, children }: { value: AgentsScope; children: ReactNode }) {
  return <Scope value={value}>{children}</Scope>;
}

export function useAgentsScope(): AgentsScope {
  const scope = use(Scope);
  if (!scope) throw new Error("Agents screens render inside AgentsScopeProvider.");
  return scope;
}
