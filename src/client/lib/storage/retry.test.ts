// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StorageError } from "./errors.ts";
import {
  backoffDelay,
  isRetryableError,
  isRetryableStatus,
  MAX_BACKOFF_MS,
  OPERATION_RETRY_BUDGET_MS,
  retryDelaysWithin,
  UPLOAD_RETRY_BUDGET_MS,
  withRetry,
} from "./retry.ts";

const noJitter = () => 0;
const serverError = () => new StorageError("storage/unknown", "boom", 503);

describe("retry policy", () => {
  it("retries 5xx, 408, 429 and network failures, nothing else", () => {
    for (const status of [0, 408, 429, 500, 502, 503, 599]) expect(isRetryableStatus(status)).toBe(true);
    for (const status of [200, 400, 401, 402, 403, 404, 409, 416])
      expect(isRetryableStatus(status)).toBe(false);
    expect(isRetryableError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isRetryableError(new StorageError("storage/invalid-format", "client side"))).toBe(false);
    expect(isRetryableError(new StorageError("storage/quota-exceeded", "full", 402))).toBe(false);
  });

  it("doubles from 1 s and caps each wait at 64 s", () => {
    const waits = Array.from({ length: 9 }, (_, attempt) => backoffDelay(attempt, noJitter));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 64_000, 64_000]);
  });

  it("adds up to a second of jitter without passing the cap", () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1_500);
    expect(backoffDelay(6, () => 0.99)).toBe(MAX_BACKOFF_MS);
  });

  it("lists the waits that fit in a budget", () => {
    const delays = retryDelaysWithin(UPLOAD_RETRY_BUDGET_MS, noJitter);
    expect(delays.slice(0, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000]);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeLessThanOrEqual(UPLOAD_RETRY_BUDGET_MS);
    expect(delays.reduce((sum, delay) => sum + delay, 0) + 64_000).toBeGreaterThan(UPLOAD_RETRY_BUDGET_MS);
  });
});

describe("withRetry", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits 1 s, then 2 s, then succeeds", async () => {
    const fn = vi
      .fn()
      .mockRejectedValueOnce(serverError())
      .mockRejectedValueOnce(serverError())
      .mockResolvedValue("ok");
    const result = withRetry(fn, { budgetMs: OPERATION_RETRY_BUDGET_MS, random: noJitter });
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toBe("ok");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("does not retry an error that will not go away", async () => {
    const fn = vi.fn().mockRejectedValue(new StorageError("storage/unauthorized", "no", 403));
    await expect(withRetry(fn, { budgetMs: OPERATION_RETRY_BUDGET_MS })).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("gives up with retry-limit-exceeded once the next wait would pass 120 s", async () => {
    const fn = vi.fn().mockRejectedValue(serverError());
    const result = withRetry(fn, { budgetMs: OPERATION_RETRY_BUDGET_MS, random: noJitter });
    const outcome = result.catch((error: unknown) => error);
    // 1+2+4+8+16+32 = 63 s of waiting; the next wait (64 s) would end at 127 s > 120 s.
    await vi.advanceTimersByTimeAsync(63_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code: "storage/retry-limit-exceeded", status: 503 });
    expect(fn).toHaveBeenCalledTimes(7);
  });

  it("counts time spent inside the calls against the budget", async () => {
    const fn = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50_000));
      throw serverError();
    });
    const outcome = withRetry(fn, { budgetMs: OPERATION_RETRY_BUDGET_MS, random: noJitter }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(200_000);
    expect(await outcome).toMatchObject({ code: "storage/retry-limit-exceeded" });
    // 50 s call, 1 s wait, 50 s call, then 2 s more would still fit (103 s), a third call ends at 153 s.
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("stops waiting when aborted", async () => {
    const controller = new AbortController();
    const fn = vi.fn().mockRejectedValue(serverError());
    const outcome = withRetry(fn, { budgetMs: OPERATION_RETRY_BUDGET_MS, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await outcome).toMatchObject({ code: "storage/canceled" });
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
