import type { ActionHandler } from "./agent-engine.types.ts";

const unbuilt = (): never => {
  throw new Error("This action is not built yet.");
};

export const addTagAction: ActionHandler<"add_tag"> = { plan: unbuilt, apply: unbuilt };

export const removeTagAction: ActionHandler<"remove_tag"> = { plan: unbuilt, apply: unbuilt };
