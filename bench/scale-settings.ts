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
  /** Each person's pause between steps, uniformly in [thinkMinMs, thinkMaxMs], seeded by thinkSeed. */
  thinkMinMs: number;
  thinkMaxMs: number;
  thinkSeed: number;
  /** The length of each saturation window (the same people without pauses). */
  saturationSeconds: number;
  /** How the app processes reach PostgreSQL on this machine (see `ClusterOptions.database`). */
  database: "socket" | "tcp";
};

/**
 * SCALE_USERS, SCALE_SECONDS, SCALE_IDLE_SECONDS, SCALE_WARMUP_SECONDS, SCALE_PROCESSES (e.g. `1,3`),
 * SCALE_THINK_MIN_MS, SCALE_THINK_MAX_MS, SCALE_THINK_SEED, SCALE_SATURATION_SECONDS and SCALE_DATABASE
 * (`tcp` for loopback TCP instead of the database's Unix socket).
 */
export function scaleSettings(env: NodeJS.ProcessEnv = process.env): ScaleSettings {
  const counts = (env.SCALE_PROCESSES ?? "1,2,3")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 3);
  const thinkMinMs = positive(env, "SCALE_THINK_MIN_MS", 1_000);
  return {
    users: positive(env, "SCALE_USERS", 300),
    seconds: positive(env, "SCALE_SECONDS", 60),
    idleSeconds: positive(env, "SCALE_IDLE_SECONDS", 60),
    warmupSeconds: positive(env, "SCALE_WARMUP_SECONDS", 5),
    processCounts: counts.length > 0 ? counts : [1, 2, 3],
    thinkMinMs,
    thinkMaxMs: Math.max(thinkMinMs, positive(env, "SCALE_THINK_MAX_MS", 3_000)),
    thinkSeed: positive(env, "SCALE_THINK_SEED", 26),
    saturationSeconds: positive(env, "SCALE_SATURATION_SECONDS", 20),
    database: env.SCALE_DATABASE === "tcp" ? "tcp" : "socket",
  };
}
