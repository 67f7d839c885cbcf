// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { StorageError } from "./errors.ts";
import { type TransportEvents, type UploadState, UploadTask } from "./upload-task.ts";

const metadata = { bucket: "avatars", fullPath: "u1/me.png", generation: "1" } as ObjectMetadata;

/** A transport whose pause/cancel settle only when the test says so, to observe the in-between states. */
function setup({ resumable = true } = {}) {
  let events!: TransportEvents;
  const settle = { pause: () => {}, cancel: () => {} };
  const transport = {
    start: vi.fn(),
    pause: vi.fn(() => new Promise<void>((resolve) => (settle.pause = resolve))),
    cancel: vi.fn(() => new Promise<void>((resolve) => (settle.cancel = resolve))),
  };
  let clock = 0;
  const task = new UploadTask({
    totalBytes: 1_000_000,
    resumable,
    now: () => clock,
    createTransport: (given) => {
      events = given;
      return transport;
    },
  });
  const states: UploadState[] = [];
  task.subscribe((snapshot) => {
    if (states.at(-1) !== snapshot.state) states.push(snapshot.state);
  });
  const tick = (ms: number) => {
    clock += ms;
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { task, transport, events: () => events, settle, states, tick, flush };
}

describe("UploadTask", () => {
  it("starts running and succeeds with the metadata", async () => {
    const { task, transport, events, states } = setup();
    expect(task.snapshot().state).toBe("running");
    expect(transport.start).toHaveBeenCalledTimes(1);
    events().success(metadata);
    await expect(task.done).resolves.toBe(metadata);
    expect(task.snapshot()).toMatchObject({ state: "success", metadata, bytesTransferred: 1_000_000 });
    expect(states).toEqual(["success"]);
  });

  it("fails with the transport's error", async () => {
    const { task, events } = setup();
    const error = new StorageError("storage/quota-exceeded", "full", 402);
    events().error(error);
    await expect(task.done).rejects.toBe(error);
    expect(task.snapshot()).toMatchObject({ state: "error", error });
  });

  it("pauses through pausing, then resumes by starting the transport again", async () => {
    const { task, transport, settle, states, flush } = setup();
    expect(task.pause()).toBe(true);
    expect(task.snapshot().state).toBe("pausing");
    expect(transport.pause).toHaveBeenCalledTimes(1);
    settle.pause();
    await flush();
    expect(task.snapshot().state).toBe("paused");
    expect(task.resume()).toBe(true);
    expect(transport.start).toHaveBeenCalledTimes(2);
    expect(states).toEqual(["pausing", "paused", "running"]);
  });

  it("cancels from running through canceling and rejects done with storage/canceled", async () => {
    const { task, transport, settle, states, flush } = setup();
    expect(task.cancel()).toBe(true);
    expect(task.snapshot().state).toBe("canceling");
    expect(transport.cancel).toHaveBeenCalledTimes(1);
    settle.cancel();
    await flush();
    await expect(task.done).rejects.toMatchObject({ code: "storage/canceled" });
    expect(states).toEqual(["canceling", "canceled"]);
  });

  it("cancels from pausing", async () => {
    const { task, settle, states, flush } = setup();
    task.pause();
    expect(task.cancel()).toBe(true);
    settle.pause();
    settle.cancel();
    await flush();
    expect(states).toEqual(["pausing", "canceling", "canceled"]);
  });

  it("ignores moves the seed does not allow", async () => {
    const { task, transport, settle, events, flush } = setup();
    expect(task.resume()).toBe(false);
    task.pause();
    expect(task.pause()).toBe(false);
    settle.pause();
    await flush();
    expect(task.pause()).toBe(false);
    expect(task.cancel()).toBe(false);
    expect(task.snapshot().state).toBe("paused");
    task.resume();
    events().success(metadata);
    expect(task.pause()).toBe(false);
    expect(task.cancel()).toBe(false);
    expect(task.resume()).toBe(false);
    expect(task.snapshot().state).toBe("success");
    expect(transport.cancel).not.toHaveBeenCalled();
  });

  it("ignores late results once canceling", async () => {
    const { task, events, settle, flush } = setup();
    task.cancel();
    events().success(metadata);
    events().error(new StorageError("storage/unknown", "late"));
    settle.cancel();
    await flush();
    expect(task.snapshot().state).toBe("canceled");
  });

  it("holds a result that lands while pausing until resume, so no transition is skipped", async () => {
    const { task, events, settle, states, flush } = setup();
    task.pause();
    events().success(metadata);
    settle.pause();
    await flush();
    expect(task.snapshot().state).toBe("paused");
    task.resume();
    await expect(task.done).resolves.toBe(metadata);
    expect(states).toEqual(["pausing", "paused", "running", "success"]);
  });

  it("never pauses a small, non-resumable upload", () => {
    const { task, transport } = setup({ resumable: false });
    expect(task.pause()).toBe(false);
    expect(transport.pause).not.toHaveBeenCalled();
    expect(task.snapshot().state).toBe("running");
  });

  it("reports progress and a smoothed speed", () => {
    const { task, events, tick } = setup();
    tick(1_000);
    events().progress(100_000);
    expect(task.snapshot()).toMatchObject({ bytesTransferred: 100_000, bytesPerSecond: 100_000 });
    tick(1_000);
    events().progress(400_000);
    const speed = task.snapshot().bytesPerSecond;
    // Moves toward the new 300 kB/s rate without jumping all the way.
    expect(speed).toBeGreaterThan(100_000);
    expect(speed).toBeLessThan(300_000);
  });

  it("stops notifying after unsubscribe", () => {
    const { task, events } = setup();
    const listener = vi.fn();
    const unsubscribe = task.subscribe(listener);
    events().progress(10);
    unsubscribe();
    events().progress(20);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
