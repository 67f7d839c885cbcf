import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { type StorageError, toStorageError } from "./errors.ts";
import { canceledError } from "./retry.ts";

export type UploadState = "running" | "pausing" | "paused" | "canceling" | "canceled" | "error" | "success";

export interface UploadSnapshot {
  state: UploadState;
  bytesTransferred: number;
  totalBytes: number;
  /** Smoothed; 0 whenever the task is not running. */
  bytesPerSecond: number;
  /** Only resumable uploads can pause; small ones go in one request. */
  resumable: boolean;
  error?: StorageError;
  metadata?: ObjectMetadata;
}

/** What the task tells a transport (multipart POST or tus) and what the transport reports back. */
export interface UploadTransport {
  /** Begins sending, or continues after pause() settled. */
  start(): void;
  /** Stops sending but keeps what the server has, so start() continues from its offset. */
  pause(): Promise<void>;
  /** Stops sending and discards what the server has. */
  cancel(): Promise<void>;
}

export interface TransportEvents {
  progress(bytesTransferred: number): void;
  success(metadata: ObjectMetadata): void;
  error(error: StorageError): void;
}

export type UploadListener = (snapshot: UploadSnapshot) => void;

export interface UploadTaskOptions {
  totalBytes: number;
  resumable: boolean;
  createTransport: (events: TransportEvents) => UploadTransport;
  now?: () => number;
}

/** Time constant of the speed average: long enough to calm XHR's bursty progress events. */
const SPEED_SMOOTHING_MS = 2_000;

type Outcome = { kind: "success"; metadata: ObjectMetadata } | { kind: "error"; error: StorageError };

/**
 * The seed's upload state machine (§4). Only these moves happen; any other call is ignored:
 * running→pausing→paused, paused→running (resume), running|pausing→canceling→canceled,
 * running→success|error.
 */
export class UploadTask {
  readonly done: Promise<ObjectMetadata>;
  readonly #transport: UploadTransport;
  readonly #listeners = new Set<UploadListener>();
  readonly #now: () => number;
  #snapshot: UploadSnapshot;
  #resolve!: (metadata: ObjectMetadata) => void;
  #reject!: (error: StorageError) => void;
  /** An outcome that arrived while pausing; applied on resume so no transition is skipped. */
  #pending: Outcome | undefined;
  #lastSampleAt: number | undefined;
  #lastSampleBytes = 0;

  constructor(options: UploadTaskOptions) {
    this.#now = options.now ?? (() => performance.now());
    this.#snapshot = {
      state: "running",
      bytesTransferred: 0,
      totalBytes: options.totalBytes,
      bytesPerSecond: 0,
      resumable: options.resumable,
    };
    this.done = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // A caller that only watches the snapshot must not get an unhandled rejection on cancel.
    this.done.catch(() => {});
    this.#transport = options.createTransport({
      progress: (bytes) => this.#onProgress(bytes),
      success: (metadata) => this.#onOutcome({ kind: "success", metadata }),
      error: (error) => this.#onOutcome({ kind: "error", error }),
    });
    this.#lastSampleAt = this.#now();
    this.#transport.start();
  }

  snapshot = (): UploadSnapshot => this.#snapshot;

  subscribe = (listener: UploadListener): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  pause = (): boolean => {
    if (this.#snapshot.state !== "running" || !this.#snapshot.resumable) return false;
    this.#set({ state: "pausing" });
    this.#transport.pause().then(
      () => {
        if (this.#snapshot.state === "pausing") this.#set({ state: "paused", bytesPerSecond: 0 });
      },
      (error: unknown) => {
        this.#pending ??= { kind: "error", error: toStorageError(error) };
        if (this.#snapshot.state === "pausing") this.#set({ state: "paused", bytesPerSecond: 0 });
      },
    );
    return true;
  };

  resume = (): boolean => {
    if (this.#snapshot.state !== "paused") return false;
    this.#set({ state: "running" });
    this.#lastSampleAt = this.#now();
    this.#lastSampleBytes = this.#snapshot.bytesTransferred;
    const pending = this.#pending;
    this.#pending = undefined;
    if (pending) this.#finish(pending);
    else this.#transport.start();
    return true;
  };

  cancel = (): boolean => {
    const { state } = this.#snapshot;
    if (state !== "running" && state !== "pausing") return false;
    this.#set({ state: "canceling", bytesPerSecond: 0 });
    const settle = () => {
      this.#set({ state: "canceled", error: canceledError() });
      this.#reject(canceledError());
    };
    this.#transport.cancel().then(settle, settle);
    return true;
  };

  #onProgress(bytes: number): void {
    const { state, bytesTransferred, bytesPerSecond } = this.#snapshot;
    if (state !== "running" && state !== "pausing") return;
    const at = this.#now();
    let speed = bytesPerSecond;
    const since = this.#lastSampleAt === undefined ? 0 : at - this.#lastSampleAt;
    if (since > 0) {
      const instant = ((bytes - this.#lastSampleBytes) / since) * 1000;
      const weight = 1 - Math.exp(-since / SPEED_SMOOTHING_MS);
      speed = bytesPerSecond === 0 ? instant : bytesPerSecond + weight * (instant - bytesPerSecond);
      this.#lastSampleAt = at;
      this.#lastSampleBytes = bytes;
    }
    if (bytes === bytesTransferred && speed === bytesPerSecond) return;
    this.#set({ bytesTransferred: bytes, bytesPerSecond: Math.max(0, speed) });
  }

  #onOutcome(outcome: Outcome): void {
    const { state } = this.#snapshot;
    if (state === "running") this.#finish(outcome);
    else if (state === "pausing" || state === "paused") this.#pending = outcome;
  }

  #finish(outcome: Outcome): void {
    if (outcome.kind === "success") {
      this.#set({
        state: "success",
        metadata: outcome.metadata,
        bytesTransferred: this.#snapshot.totalBytes,
        bytesPerSecond: 0,
      });
      this.#resolve(outcome.metadata);
    } else {
      this.#set({ state: "error", error: outcome.error, bytesPerSecond: 0 });
      this.#reject(outcome.error);
    }
  }

  #set(change: Partial<UploadSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) listener(this.#snapshot);
  }
}
