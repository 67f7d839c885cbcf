import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { StorageError } from "#client/lib/storage/errors.ts";
import { type TransportEvents, UploadTask } from "#client/lib/storage/upload-task.ts";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { formatSpeed, UploadProgress } from "./upload-progress.tsx";

function makeTask({ resumable = true, totalBytes = 4_000_000 } = {}) {
  let events!: TransportEvents;
  let clock = 0;
  const transport = {
    start: vi.fn(),
    pause: vi.fn(() => Promise.resolve()),
    cancel: vi.fn(() => Promise.resolve()),
  };
  const task = new UploadTask({
    totalBytes,
    resumable,
    now: () => clock,
    createTransport: (given) => {
      events = given;
      return transport;
    },
  });
  const progress = (bytes: number, afterMs: number) =>
    act(() => {
      clock += afterMs;
      events.progress(bytes);
    });
  return { task, transport, events: () => events, progress };
}

const buttons = () => screen.queryAllByRole("button").map((button) => button.textContent);

describe("UploadProgress", () => {
  it("shows name, an accessible bar, percentage, speed and Pause/Cancel while a resumable upload runs", async () => {
    const { task, progress } = makeTask();
    render(<UploadProgress task={task} fileName="cover.webp" />);
    await progress(1_000_000, 1_000);
    const bar = screen.getByRole("progressbar", { name: "cover.webp" });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
    expect(screen.getByText("25%")).toBeTruthy();
    expect(screen.getByText(/Uploading/).parentElement?.textContent).toBe("Uploading · 1.0 MB/s");
    expect(buttons()).toEqual(["Pause", "Cancel"]);
  });

  it("pauses on click, then offers Resume and Cancel", async () => {
    const { task, transport } = makeTask();
    const user = userEvent.setup();
    render(<UploadProgress task={task} fileName="cover.webp" />);
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(transport.pause).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Paused")).toBeTruthy();
    expect(buttons()).toEqual(["Resume", "Cancel"]);
    await user.click(screen.getByRole("button", { name: "Resume" }));
    expect(transport.start).toHaveBeenCalledTimes(2);
    expect(buttons()).toEqual(["Pause", "Cancel"]);
  });

  it("is keyboard usable: Cancel on a paused upload goes through running to canceled", async () => {
    const { task, transport } = makeTask();
    const user = userEvent.setup();
    render(<UploadProgress task={task} fileName="cover.webp" />);
    act(() => {
      task.pause();
    });
    await screen.findByText("Paused");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Resume" }));
    await user.tab();
    await user.keyboard("{Enter}");
    expect(transport.cancel).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Canceled")).toBeTruthy();
    expect(buttons()).toEqual([]);
    await expect(task.done).rejects.toMatchObject({ code: "storage/canceled" });
  });

  it("offers only Cancel for a small upload, which cannot pause", () => {
    const { task } = makeTask({ resumable: false, totalBytes: 1_000 });
    render(<UploadProgress task={task} fileName="logo.webp" />);
    expect(buttons()).toEqual(["Cancel"]);
  });

  it("announces the friendly message when the upload fails, with no controls left", () => {
    const { task, events } = makeTask();
    render(<UploadProgress task={task} fileName="cover.webp" />);
    act(() => events().error(new StorageError("storage/quota-exceeded", "Quota exceeded.", 402)));
    expect(screen.getByRole("alert").textContent).toBe(
      "This community has used all its storage. Delete files or ask an owner to raise the limit.",
    );
    expect(screen.getByText("Upload failed")).toBeTruthy();
    expect(buttons()).toEqual([]);
  });

  it("shows 100 % and no controls once uploaded", () => {
    const { task, events } = makeTask();
    render(<UploadProgress task={task} fileName="cover.webp" />);
    act(() =>
      events().success({ bucket: "b", fullPath: "c1/cover.webp", generation: "1" } as ObjectMetadata),
    );
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getByText("Uploaded")).toBeTruthy();
    expect(buttons()).toEqual([]);
  });

  it("formats speeds in KB/s and MB/s", () => {
    expect(formatSpeed(512)).toBe("1 KB/s");
    expect(formatSpeed(250_000)).toBe("250 KB/s");
    expect(formatSpeed(2_500_000)).toBe("2.5 MB/s");
  });
});
