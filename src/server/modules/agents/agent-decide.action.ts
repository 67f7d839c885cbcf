import type { ActionHandler } from "./agent-engine.types.ts";

const unbuilt = (): never => {
  throw new Error("This action is not built yet.");
};

export const decideRegistrationAction: ActionHandler<"decide_registration"> = {
  plan: unbuilt,
  apply: unbuilt,
};

export const decideJoinRequestAction: ActionHandler<"decide_join_request"> = {
  plan: unbuilt,
  apply: unbuilt,
};
