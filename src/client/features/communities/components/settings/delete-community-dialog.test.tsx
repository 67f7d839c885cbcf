import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DeleteCommunityDialog } from "./delete-community-dialog.tsx";

describe("deleting a community", () => {
  it("keeps the delete button disabled until the exact name is typed", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve(null));
    render(<DeleteCommunityDialog communityName="Book Club" onDelete={onDelete} />);

    await user.click(screen.getByRole("button", { name: "Delete community" }));
    const input = screen.getByLabelText(/to confirm/);
    const confirm = screen.getByRole("button", { name: "Delete this community" });
    expect(confirm).toHaveProperty("disabled", true);

    await user.type(input, "book club");
    expect(confirm).toHaveProperty("disabled", true);

    await user.clear(input);
    await user.type(input, "Book Clu");
    expect(confirm).toHaveProperty("disabled", true);
    await user.keyboard("{Enter}");
    expect(onDelete).not.toHaveBeenCalled();

    await user.type(input, "b");
    expect(confirm).toHaveProperty("disabled", false);
    await user.click(confirm);
    expect(onDelete).toHaveBeenCalledWith("Book Club");
  });

  it("shows the server's answer when the deletion is refused", async () => {
    const user = userEvent.setup();
    render(
      <DeleteCommunityDialog
        communityName="Book Club"
        onDelete={() => Promise.resolve("Only the owner can delete this community.")}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Delete community" }));
    await user.type(screen.getByLabelText(/to confirm/), "Book Club");
    await user.click(screen.getByRole("button", { name: "Delete this community" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Only the owner can delete this community.");
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });
});
