import { fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { useAfterCommit } from "./afterCommit";

function Form() {
  const [shown, setShown] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const afterCommit = useAfterCommit();
  return (
    <>
      <button
        onClick={() => {
          setShown(true);
          afterCommit(() => field.current?.focus());
        }}
      >
        show
      </button>
      {shown ? <input ref={field} aria-label="error field" /> : null}
      <input aria-label="next field" />
    </>
  );
}

test("the callback sees the render its state change caused, before the next input event", () => {
  render(<Form />);
  fireEvent.click(screen.getByRole("button", { name: "show" }));
  // No frame has passed: a requestAnimationFrame would not have run yet.
  expect(document.activeElement).toBe(screen.getByLabelText("error field"));
});

test("it runs once: a later render does not move the focus again", () => {
  render(<Form />);
  fireEvent.click(screen.getByRole("button", { name: "show" }));
  const next = screen.getByLabelText("next field");
  next.focus();
  fireEvent.change(next, { target: { value: "x" } });
  expect(document.activeElement).toBe(next);
});
