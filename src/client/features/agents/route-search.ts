/**
 * The agent page's search as the URL holds it: the template a new agent starts from, the run
 * opened, and the run log's filters. The route's validateSearch ships in the entry chunk
 * (docs/decisions/004), so it only keeps text and the page reads it.
 */
export type AgentSearch = {
  template?: string | undefined;
  run?: string | undefined;
  status?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

export const keepAgentSearch = (search: Record<string, unknown>): AgentSearch => ({
  template: text(search.template),
  run: text(search.run),
  status: text(search.status),
  q: text(search.q),
  from: text(search.from),
  to: text(search.to),
});
