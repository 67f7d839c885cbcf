import type { ActionHandler } from "./agent-engine.types.ts";

const unbuilt = (): never => {
  throw new Error("This action is not built yet.");
};

export const emailAction: ActionHandler<"email"> = { plan: unbuilt, apply: unbuilt };
