import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ImageUploadField } from "./image-upload-field.tsx";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderField(onUploaded = vi.fn()) {
  render(
    <ImageUploadField
      label="Logo"
      bucket="community-assets"
      path={(_, type) => `c1/logo.${type.split("/")[1]}`}
      aspect={1}
      currentUrl="/current.png"
      onUploaded={onUploaded}
    />,
  );
  return onUploaded;
}

describe("ImageUploadField", () => {
  it("is a labelled group showing the current image and a button to replace it", () => {
    renderField();
    const group = screen.getByRole("group", { name: "Logo" });
    expect(group.querySelector("img")?.getAttribute("alt")).toBe("Current logo");
    expect(screen.getByRole("button", { name: "Replace image" })).toBeTruthy();
  });

  it("refuses a file that is not an accepted image", async () => {
    renderField();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText("Logo"), new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose a JPEG, PNG, WebP, GIF or AVIF image.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uploads a GIF unchanged when asked not to crop it, then reports the metadata", async () => {
    const metadata = { bucket: "community-assets", fullPath: "c1/logo.gif", generation: "1" };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(metadata), { status: 200 }));
    const onUploaded = renderField();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText("Logo"),
      new File(["GIF89a"], "party.gif", { type: "image/gif" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Crop image" });
    await user.click(screen.getByRole("button", { name: "Upload without cropping" }));
    await vi.waitFor(() => expect(dialog.isConnected).toBe(false), { timeout: 10_000 });
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(metadata), { timeout: 10_000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("/b/community-assets/o?name=c1%2Flogo.gif");
    expect(screen.getByRole("progressbar", { name: "party.gif" }).getAttribute("aria-valuenow")).toBe("100");
  });
});
