import { StorageError } from "./errors.ts";

/** Seed §9: metadata, delete and similar calls give up after 120 s of retrying. */
export const OPERATION_RETRY_BUDGET_MS = 120_000;
/** Seed §9: uploads keep retrying for up to 600 s. */
export const UPLOAD_RETRY_BUDGET_MS = 600_000;
export const INITIAL_BACKOFF_MS = 1_000;
/** Seed §9: the wait is capped at 64 times the initial one. */
export const MAX_BACKOFF_MS = 64 * INITIAL_BACKOFF_MS;
/** Up to this much random delay is added to each wait, so many clients failing together spread out. */
export const MAX_JITTER_MS = 1_000;

/** Seed §7: retry on 5xx, 408 and 429; status 0 stands for a network failure (no response). */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status < 600);
}

/** A failed fetch rejects with a TypeError; a StorageError carries the response status. */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof StorageError) return error.status !== 0 && isRetryableStatus(error.status);
  return error instanceof TypeError;
}

/** Wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s … 64 s, plus jitter, never above 64 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = INITIAL_BACKOFF_MS * 2 ** Math.max(0, attempt);
  return Math.min(MAX_BACKOFF_MS, Math.round(exponential + random() * MAX_JITTER_MS));
}

/** The waits that fit in `budgetMs`, for clients such as tus-js-client that take a list of delays. */
export function retryDelaysWithin(budgetMs: number, random: () => number = Math.random): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let attempt = 0; ; attempt++) {
    const delay = backoffDelay(attempt, random);
    if (total + delay > budgetMs) return delays;
    delays.push(delay);
    total += delay;
  }
}

export function retryLimitError(cause: unknown): StorageError {
  return new StorageError(
    "storage/retry-limit-exceeded",
    "Max retry time for operation exceeded, please try again.",
    cause instanceof StorageError ? cause.status : 0,
    { cause },
  );
}

export function canceledError(): StorageError {
  return new StorageError("storage/canceled", "User canceled the operation.");
}

/** Time as a retry budget sees it: the real clock, or in tests a virtual one that moves on each wait. */
export interface RetryClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface RetryOptions {
  budgetMs: number;
  signal?: AbortSignal;
  random?: () => number;
  now?: () => number;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(canceledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(canceledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `fn` until it succeeds, fails with an error that is not worth retrying, or the next wait
 * would end past the budget (then storage/retry-limit-exceeded, with the last failure as cause).
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw canceledError();
    try {
      return await fn(attempt);
    } catch (error) {
      if (options.signal?.aborted) throw canceledError();
      if (!isRetryableError(error)) throw error;
      const delay = backoffDelay(attempt, options.random);
      if (now() - started + delay > options.budgetMs) throw retryLimitError(error);
      await sleep(delay, options.signal);
    }
  }
}
