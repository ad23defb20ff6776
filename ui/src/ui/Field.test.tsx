import { createRef } from "react";
import { screen } from "@testing-library/react";
import { FormattedMessage } from "react-intl";
import { SelectField, TextAreaField, TextField } from "./Field";
import { focusFirstInvalid } from "./form";
import { renderKit } from "./testing";

describe("TextField", () => {
  test("labels its input, and names its hint and its error (an alert) for screen readers", () => {
    renderKit(<TextField label={<FormattedMessage id="auth.email.address" />} hint="We never share it." error="Invalid email" optional />);
    const input = screen.getByRole("textbox", { name: "E-mail address (optional)" });
    expect(screen.getByText("(optional)")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const [hint, error] = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id));
    expect(hint?.textContent).toBe("We never share it.");
    expect(error?.textContent).toBe("Invalid email");
    expect(screen.getByRole("alert").textContent).toBe("Invalid email");
  });

  test("without an error it is neither invalid nor described; it takes a caller's id and ref", () => {
    const ref = createRef<HTMLInputElement>();
    renderKit(<TextField id="email" label="Email" ref={ref} data-autofocus="" />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.id).toBe("email");
    expect(ref.current).toBe(input);
    expect(input.hasAttribute("data-autofocus")).toBe(true);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("TextAreaField and SelectField", () => {
  test("the text area counts characters against its maximum; the select is labelled", () => {
    renderKit(
      <>
        <TextAreaField label="Comment" value="héllo" max={200} onChange={() => undefined} />
        <SelectField label="Reason" error="Required">
          <option value="">—</option>
        </SelectField>
      </>,
    );
    expect(screen.getByRole("textbox", { name: "Comment" })).toBeTruthy();
    expect(screen.getByText("5 / 200")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Reason" }).getAttribute("aria-invalid")).toBe("true");
  });

  test("focusFirstInvalid moves the focus to the first invalid control", () => {
    renderKit(
      <form data-testid="form">
        <TextField label="Name" />
        <TextField label="Email" error="Invalid email" />
        <TextField label="Phone" error="Required" />
      </form>,
    );
    focusFirstInvalid(screen.getByTestId("form") as HTMLFormElement);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Email" }));
  });
});
