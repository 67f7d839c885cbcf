import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { ImageUploadField } from "./image-upload-field.tsx";

/** Answers every upload to the storage API with `metadata`, recording each request's URL. */
function acceptUploads(metadata: JsonBodyType) {
  const urls: string[] = [];
  server.use(
    http.post("/api/storage/v0/b/:bucket/o", ({ request }) => {
      urls.push(request.url);
      return HttpResponse.json(metadata);
    }),
  );
  return urls;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
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
    const uploads = acceptUploads({});
    renderField();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText("Logo"), new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose a JPEG, PNG, WebP, GIF or AVIF image.");
    expect(uploads).toEqual([]);
  });

  it("uploads a GIF unchanged when asked not to crop it, then reports the metadata", async () => {
    const metadata = { bucket: "community-assets", fullPath: "c1/logo.gif", generation: "1" };
    const uploads = acceptUploads(metadata);
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
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toContain("/b/community-assets/o?name=c1%2Flogo.gif");
    expect(screen.getByRole("progressbar", { name: "party.gif" }).getAttribute("aria-valuenow")).toBe("100");
  });
});
