// The knobs of `npm run bench -- scale`, read from the environment so a smoke run can be short.
const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const value = Number(env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export type ScaleSettings = {
  users: number;
  seconds: number;
  idleSeconds: number;
  warmupSeconds: number;
  processCounts: number[];
};

/** SCALE_USERS, SCALE_SECONDS, SCALE_IDLE_SECONDS, SCALE_WARMUP_SECONDS and SCALE_PROCESSES (e.g. `1,3`). */
export function scaleSettings(env: NodeJS.ProcessEnv = process.env): ScaleSettings {
  const counts = (env.SCALE_PROCESSES ?? "1,2,3")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 3);
  return {
    users: positive(env, "SCALE_USERS", 300),
    seconds: positive(env, "SCALE_SECONDS", 60),
    idleSeconds: positive(env, "SCALE_IDLE_SECONDS", 60),
    warmupSeconds: positive(env, "SCALE_WARMUP_SECONDS", 5),
    processCounts: counts.length > 0 ? counts : [1, 2, 3],
  };
}
