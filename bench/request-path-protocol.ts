// What bench/request-path-server.ts tells the load generator: its ready line and its counters.

export const READY_PREFIX = "REQUEST_PATH_READY ";

export type SeededServer = {
  database: "pglite" | "postgres";
  appUrl: string;
  statsUrl: string;
  communityId: string;
  communitySlug: string;
  publicEventId: string;
  /** The session's token cookie (signed like better-auth's); the bench trades it for the cookie cache. */
  sessionCookie: string;
};

export type RequestStats = {
  requests: number;
  /** SQL statements sent while a request was being answered. */
  statements: number;
  /** The server's monotonic clock in microseconds, the clock its CPU profile uses. */
  nowUs: number;
  /** The app process's CPU time (user and system) in microseconds: steadier than rates on a shared machine. */
  cpuUs: number;
};
