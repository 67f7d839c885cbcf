import type { ActionHandler } from "./agent-engine.types.ts";

const unbuilt = (): never => {
  throw new Error("This action is not built yet.");
};

export const draftAnnouncementAction: ActionHandler<"draft_announcement"> = { plan: unbuilt, apply: unbuilt };
