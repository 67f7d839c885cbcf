import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { QuestionsEditor } from "#client/components/questions/questions-editor.tsx";
import { type EventFormValues, emptyEventValues } from "./event-form-schema.ts";

function Harness({ values, children }: { values: EventFormValues; children: ReactNode }) {
  const form = useForm<EventFormValues>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderEditor(questions: EventFormValues["questions"] = []) {
  const values = { ...emptyEventValues("Europe/Berlin", "EUR"), questions };
  return render(
    <Harness values={values}>
      <QuestionsEditor
        legend="Registration questions"
        hint="Asked when someone registers."
        empty="No questions: registering takes one click."
      />
    </Harness>,
  );
}

describe("registration questions editor", () => {
  it("gives a choice question two options, and adds and removes options", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole("button", { name: "Add question" }));
    expect(screen.queryByRole("group", { name: "Options for question 1" })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Answer type"), "One choice");
    const options = screen.getByRole("group", { name: "Options for question 1" });
    expect(within(options).getAllByRole("textbox")).toHaveLength(2);

    await user.click(within(options).getByRole("button", { name: "Add option" }));
    const inputs = within(options).getAllByRole("textbox");
    expect(inputs).toHaveLength(3);
    await user.type(inputs[0] as HTMLElement, "Vegetarian");
    await user.type(inputs[1] as HTMLElement, "Vegan");
    await user.type(inputs[2] as HTMLElement, "Anything");

    await user.click(within(options).getByRole("button", { name: "Remove option 2" }));
    const left = within(options).getAllByRole("textbox");
    expect(left.map((input) => (input as HTMLInputElement).value)).toEqual(["Vegetarian", "Anything"]);
  });

  it("moves questions up and down and removes them", async () => {
    const user = userEvent.setup();
    renderEditor([
      { kind: "SHORT_TEXT", label: "First", required: false, options: [] },
      { kind: "LONG_TEXT", label: "Second", required: true, options: [] },
    ]);
    const labels = () =>
      screen.getAllByLabelText("Question").map((input) => (input as HTMLInputElement).value);
    expect(screen.getByRole("button", { name: "Move question 1 up" }).matches(":disabled")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Move question 2 up" }));
    expect(labels()).toEqual(["Second", "First"]);
    expect(screen.getByText("Question 2 moved to position 1.")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove question 1" }));
    expect(labels()).toEqual(["First"]);
  });
});
