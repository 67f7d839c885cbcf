import { type DestinationStream, type Level, type Logger, pino } from "pino";

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

/** pino's numeric level of a record, as its name (pino-pretty and tests read it so). */
export const levelName = (level: number): Level | "unknown" =>
  (pino.levels.labels[level] as Level | undefined) ?? "unknown";

/**
 * The app's logger: JSON lines in production, readable lines in development (pino-pretty, a dev
 * dependency: without it, JSON lines). `destination` replaces standard output (tests read the
 * lines from it). Records go out through pino's default asynchronous stream, which pino flushes
 * when the process exits (decision 038 says why it is not the synchronous one).
 */
export async function createAppLogger(options: {
  level: LogLevel;
  format: "json" | "pretty";
  destination?: DestinationStream;
}): Promise<AppLogger> {
  let destination = options.destination;
  if (!destination && options.format === "pretty" && options.level !== "silent") {
    destination = await prettyStream();
  }
  const stream: DestinationStream = destination ?? pino.destination({ dest: 1, sync: false });
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

let latest: Logger | null = null;

/**
 * The logger of the app this process runs, for the few helpers that are handed none (an
 * unexpected storage fault, a page the server could not render); before one exists, standard
 * error at warn level.
 */
export function processLog(): Logger {
  latest ??= pino({ level: "warn" }, pino.destination(2));
  return latest;
}

type PrettyRecord = Record<string, unknown> & { msg?: string };

async function prettyStream(): Promise<DestinationStream | undefined> {
  try {
    const { default: pretty } = await import("pino-pretty");
    return pretty({
      colorize: process.stdout.isTTY,
      translateTime: "HH:MM:ss.l",
      ignore: "pid,hostname,reqId,method,path,route,status,ms,bytes",
      // A request reads as "GET /e/abc 200 3.1 ms"; other records as their message.
      messageFormat: (record: PrettyRecord, messageKey: string) =>
        typeof record.status === "number"
          ? `${String(record.method)} ${String(record.path)} ${record.status} ${String(record.ms)} ms`
          : String(record[messageKey] ?? ""),
    });
  } catch {
    return undefined;
  }
}

const EMAIL = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

/** A line from elsewhere (an SMTP server's refusal, a provider's error) without the addresses in it. */
export const withoutEmails = (line: string): string => line.replace(EMAIL, "[email]");
