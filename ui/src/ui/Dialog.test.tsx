import { useState } from "react";
import { fireEvent, screen } from "@testing-library/react";
import { Dialog } from "./Dialog";
import { renderKit } from "./testing";

function Opener({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {removeOpener && open ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Deliver to
        </button>
      )}
      <button type="button">Elsewhere</button>
      {open ? (
        <Dialog title="Choose location" onClose={() => setOpen(false)}>
          <input aria-label="Search" data-autofocus />
        </Dialog>
      ) : null}
    </>
  );
}

describe("Dialog", () => {
  test("focuses its autofocus field, and gives the focus back to the opener on close", () => {
    renderKit(<Opener />);
    const opener = screen.getByRole("button", { name: "Deliver to" });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText("Search"));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByLabelText("Search")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test("leaves the focus alone when the opener is gone", () => {
    renderKit(<Opener removeOpener />);
    const opener = screen.getByRole("button", { name: "Deliver to" });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.activeElement).toBe(document.body);
  });
});
