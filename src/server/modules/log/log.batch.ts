import type { LogPosition } from "./log.service.ts";

/** What a subscriber handling several log entries at once learns of the batch they belong to. */
export type Batch = {
  /** The subscriber's position before the first of the entries. */
  from: LogPosition;
  /**
   * Runs `fn` once the batch's transaction has committed, never when it rolled back: a subscriber
   * keeps facts it learned across batches (which rows exist) only once they are durable.
   */
  afterCommit(fn: () => void): void;
};
