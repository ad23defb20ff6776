import { createRef } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { Button, buttonClass, type ButtonVariant } from "./Button";

// CSS modules map each class to its own name in tests (src/test/styleMock.ts).
const VARIANTS: ButtonVariant[] = ["primary", "secondary", "neutral", "danger", "link"];

describe("Button", () => {
  test("is a plain button unless told to submit", () => {
    const submitted = jest.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)}>
        <Button variant="secondary">Back</Button>
        <Button variant="primary" type="submit">
          Send
        </Button>
      </form>,
    );
    const back = screen.getByRole("button", { name: "Back" });
    expect(back.getAttribute("type")).toBe("button");
    fireEvent.click(back);
    expect(submitted).not.toHaveBeenCalled();
    const send = screen.getByRole("button", { name: "Send" });
    expect(send.getAttribute("type")).toBe("submit");
    fireEvent.click(send);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  test("busy: says so, keeps its label and takes no click", () => {
    const onClick = jest.fn();
    const { rerender } = render(
      <Button variant="primary" onClick={onClick}>
        Save
      </Button>,
    );
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.hasAttribute("aria-busy")).toBe(false);
    expect(save.disabled).toBe(false);

    rerender(
      <Button variant="primary" onClick={onClick} busy>
        Save
      </Button>,
    );
    expect(save.getAttribute("aria-busy")).toBe("true");
    expect(save.disabled).toBe(true);
    expect(save.textContent).toBe("Save");
    fireEvent.click(save);
    expect(onClick).not.toHaveBeenCalled();
  });

  test("disabled without busy is not busy", () => {
    render(
      <Button variant="primary" disabled>
        Save
      </Button>,
    );
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(save.hasAttribute("aria-busy")).toBe(false);
  });

  test("each variant has a class of its own, on top of the shared one", () => {
    render(
      <>
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant}
          </Button>
        ))}
      </>,
    );
    const classes = VARIANTS.map((variant) => screen.getByRole("button", { name: variant }).className);
    expect(new Set(classes).size).toBe(VARIANTS.length);
    VARIANTS.forEach((variant, index) => {
      expect(classes[index]?.split(" ")).toEqual(["button", variant]);
      expect(buttonClass(variant)).toBe(classes[index]);
    });
  });

  test("passes its attributes, handlers, class and ref to the button", () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = jest.fn();
    render(
      <Button
        ref={ref}
        variant="danger"
        className="placed"
        onClick={onClick}
        aria-describedby="why"
        data-testid="cancel-order"
        form="other"
        name="action"
        value="cancel"
      >
        Cancel order
      </Button>,
    );
    const button = screen.getByTestId("cancel-order") as HTMLButtonElement;
    expect(ref.current).toBe(button);
    expect(button.className.split(" ")).toEqual(["button", "danger", "placed"]);
    expect(button.getAttribute("aria-describedby")).toBe("why");
    expect(button.getAttribute("form")).toBe("other");
    expect(button.name).toBe("action");
    expect(button.value).toBe("cancel");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test("an aria-busy of its own passes through without disabling", () => {
    render(
      <Button variant="primary" aria-busy>
        Confirm
      </Button>,
    );
    const confirm = screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement;
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    expect(confirm.disabled).toBe(false);
  });
});
