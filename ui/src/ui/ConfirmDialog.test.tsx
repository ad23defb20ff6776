import { fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { allMessages } from "../i18n/testing";
import { ConfirmDialog } from "./ConfirmDialog";

function dialog(props: { open?: boolean; busy?: boolean; onConfirm: () => void }) {
  return (
    <IntlProvider locale="en" messages={allMessages.en}>
      <ConfirmDialog
        open={props.open ?? true}
        busy={props.busy ?? false}
        title="Cancel order #100002?"
        body="This cannot be undone."
        confirmLabel="Cancel the order"
        onConfirm={props.onConfirm}
        onCancel={() => undefined}
      />
    </IntlProvider>
  );
}

describe("ConfirmDialog", () => {
  test("a double click confirms once; a refusal that leaves it open allows another try", () => {
    const onConfirm = jest.fn();
    const { rerender } = render(dialog({ onConfirm }));
    const button = screen.getByRole("button", { name: "Cancel the order" });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(dialog({ onConfirm, busy: true }));
    rerender(dialog({ onConfirm, busy: false }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  test("opened again, it can be confirmed again", () => {
    const onConfirm = jest.fn();
    const { rerender } = render(dialog({ onConfirm }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    rerender(dialog({ onConfirm, open: false }));
    rerender(dialog({ onConfirm, open: true }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  test("'Keep' has the focus unless another cancel label is given; Escape cancels", () => {
    const onCancel = jest.fn();
    const { rerender } = render(
      <IntlProvider locale="en" messages={allMessages.en}>
        <ConfirmDialog open title="Delete?" body="Gone for good." confirmLabel="Delete" onConfirm={() => undefined} onCancel={onCancel} />
      </IntlProvider>,
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep" }));
    rerender(
      <IntlProvider locale="en" messages={allMessages.en}>
        <ConfirmDialog
          open
          tone="primary"
          title="Items from another shop"
          body="Your cart holds another shop's items."
          confirmLabel="Empty cart and add"
          cancelLabel="Keep my cart"
          onConfirm={() => undefined}
          onCancel={onCancel}
        />
      </IntlProvider>,
    );
    const dialogElement = screen.getByRole("dialog", { name: "Items from another shop" });
    expect(dialogElement.getAttribute("aria-describedby")).toBe(screen.getByText("Your cart holds another shop's items.").id);
    expect(screen.getByRole("button", { name: "Keep my cart" })).toBeTruthy();
    fireEvent(dialogElement, new Event("cancel", { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
