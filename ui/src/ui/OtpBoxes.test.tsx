import { useState } from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import type { OtpEntry } from "storefront-core";
import { EMPTY_OTP, OtpBoxes } from "./OtpBoxes";
import { renderKit } from "./testing";

function Harness({ onValue, disabled = false }: { onValue(entry: OtpEntry): void; disabled?: boolean }) {
  const [otp, setOtp] = useState<OtpEntry>(EMPTY_OTP);
  return (
    <>
      <p id="label">Code</p>
      <OtpBoxes
        value={otp}
        onChange={(next) => {
          setOtp(next);
          onValue(next);
        }}
        labelledBy="label"
        disabled={disabled}
      />
    </>
  );
}

function setup(language: "en" | "ar" = "en", disabled = false) {
  const values: OtpEntry[] = [];
  renderKit(<Harness onValue={(v) => values.push(v)} disabled={disabled} />, language);
  const box = (n: number) =>
    screen.getByRole("textbox", { name: language === "en" ? `Digit ${n} of 4` : `الرقم ${n} من 4` }) as HTMLInputElement;
  const boxes = [box(1), box(2), box(3), box(4)] as const;
  return { boxes, values };
}

const digits = (boxes: readonly HTMLInputElement[]) => boxes.map((b) => b.value).join("|");

describe("OtpBoxes", () => {
  it("labels four numeric one-time-code boxes in a named group", () => {
    const { boxes } = setup();
    expect(screen.getByRole("group", { name: "Code" })).toBeTruthy();
    expect(boxes).toHaveLength(4);
    for (const box of boxes) {
      expect(box.getAttribute("inputmode")).toBe("numeric");
      expect(box.getAttribute("autocomplete")).toBe("one-time-code");
    }
  });

  it("fills a box per digit typed and moves the focus on", () => {
    const { boxes, values } = setup();
    act(() => boxes[0].focus());
    fireEvent.change(boxes[0], { target: { value: "4" } });
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.change(boxes[1], { target: { value: "2" } });
    fireEvent.change(boxes[2], { target: { value: "7" } });
    expect(document.activeElement).toBe(boxes[3]);
    expect(values.at(-1)).toMatchObject({ code: null, complete: false });
    fireEvent.change(boxes[3], { target: { value: "1" } });
    expect(digits(boxes)).toBe("4|2|7|1");
    expect(document.activeElement).toBe(boxes[3]);
    expect(values.at(-1)).toEqual({ boxes: ["4", "2", "7", "1"], focus: 3, code: "4271", complete: true });
  });

  it("ignores anything but digits and reads Arabic-Indic digits as ASCII", () => {
    const { boxes } = setup("ar");
    fireEvent.change(boxes[0], { target: { value: "a" } });
    expect(boxes[0].value).toBe("");
    fireEvent.change(boxes[0], { target: { value: "٣" } });
    expect(boxes[0].value).toBe("3");
    expect(document.activeElement).toBe(boxes[1]);
  });

  it("replaces a filled box with the newly typed digit", () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0], { target: { value: "5" } });
    fireEvent.change(boxes[0], { target: { value: "58" } });
    expect(boxes[0].value).toBe("8");
    fireEvent.change(boxes[0], { target: { value: "98" } });
    expect(boxes[0].value).toBe("9");
  });

  it("backspace clears a box and goes back to the previous one", () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0], { target: { value: "1" } });
    fireEvent.change(boxes[1], { target: { value: "2" } });
    fireEvent.change(boxes[2], { target: { value: "3" } });
    // The browser deletes the digit of a filled box.
    fireEvent.change(boxes[2], { target: { value: "" } });
    expect(digits(boxes)).toBe("1|2||");
    expect(document.activeElement).toBe(boxes[1]);
    // In an empty box, backspace just moves back.
    act(() => boxes[3].focus());
    fireEvent.keyDown(boxes[3], { key: "Backspace" });
    expect(document.activeElement).toBe(boxes[2]);
    fireEvent.keyDown(boxes[2], { key: "Backspace" });
    expect(document.activeElement).toBe(boxes[1]);
    expect(digits(boxes)).toBe("1|2||");
    fireEvent.change(boxes[1], { target: { value: "" } });
    expect(digits(boxes)).toBe("1|||");
    expect(document.activeElement).toBe(boxes[0]);
  });

  it("a pasted 4-digit code fills every box, whatever surrounds it", () => {
    const { boxes, values } = setup();
    fireEvent.paste(boxes[1], { clipboardData: { getData: () => "Your code is 9 3 8 1." } });
    expect(digits(boxes)).toBe("9|3|8|1");
    expect(document.activeElement).toBe(boxes[3]);
    expect(values.at(-1)).toEqual({ boxes: ["9", "3", "8", "1"], focus: 3, code: "9381", complete: true });
  });

  it("a paste of fewer or more than 4 digits changes nothing", () => {
    const { boxes } = setup();
    fireEvent.paste(boxes[0], { clipboardData: { getData: () => "123" } });
    fireEvent.paste(boxes[0], { clipboardData: { getData: () => "12345" } });
    expect(digits(boxes)).toBe("|||");
  });

  it("an autofilled code (the whole code in one box) fills every box", () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0], { target: { value: "6402" } });
    expect(digits(boxes)).toBe("6|4|0|2");
  });

  it("arrow keys move between boxes left to right in both languages", () => {
    const { boxes } = setup("ar");
    act(() => boxes[0].focus());
    fireEvent.keyDown(boxes[0], { key: "ArrowRight" });
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.keyDown(boxes[1], { key: "ArrowLeft" });
    expect(document.activeElement).toBe(boxes[0]);
  });

  it("while a code is checked the boxes keep focus but take no input", () => {
    const { boxes, values } = setup("en", true);
    act(() => boxes[0].focus());
    expect(document.activeElement).toBe(boxes[0]);
    expect(boxes[0].readOnly).toBe(true);
    expect(boxes[0].getAttribute("aria-disabled")).toBe("true");
    fireEvent.change(boxes[0], { target: { value: "1" } });
    fireEvent.paste(boxes[0], { clipboardData: { getData: () => "1234" } });
    fireEvent.keyDown(boxes[0], { key: "Backspace" });
    expect(values).toEqual([]);
    expect(digits(boxes)).toBe("|||");
  });
});
