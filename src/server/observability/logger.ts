import { type DestinationStream, type Logger, pino } from "pino";
import type { LogLevel } from "./log-levels.ts";

export type AppLogger = {
  log: Logger;
  /**
   * Writes text meant for the person running the app (the start-up message, mail printed in place
   * of SMTP) as it is, on the log's own stream: it stays as readable as a console line and keeps
   * its order with the records around it. Written at every level, `silent` included.
   */
  print(text: string): void;
};

let latest: Logger | null = null;

/**
 * The app's logger: JSON lines on standard output (`npm run dev` pipes them through pino-pretty,
 * scripts/dev.ts). `destination` replaces standard output (tests read the lines from it). Records
 * go out through pino's asynchronous stream, which pino flushes when the process exits (decision
 * 038 says why not the synchronous one).
 */
export function createAppLogger(options: { level: LogLevel; destination?: DestinationStream }): AppLogger {
  const stream: DestinationStream = options.destination ?? pino.destination({ dest: 1, sync: false });
  const log = pino({ level: options.level }, stream);
  latest = log;
  return {
    log,
    // Printed whatever the level: this is what the person is told (and child-process tests wait for).
    print(text) {
      stream.write(text.endsWith("\n") ? text : `${text}\n`);
    },
  };
}

/**
 * The logger of the app this process runs, for the few helpers that are handed none (an
 * unexpected storage fault, a page the server could not render); before one exists, standard
 * error at warn level.
 */
export function processLog(): Logger {
  latest ??= pino({ level: "warn" }, pino.destination(2));
  return latest;
}

const EMAIL = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

/** A line from elsewhere (an SMTP server's refusal, a provider's error) without the addresses in it. */
export const withoutEmails = (line: string): string => line.replace(EMAIL, "[email]");
