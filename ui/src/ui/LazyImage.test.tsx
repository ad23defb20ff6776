import { fireEvent, render, screen } from "@testing-library/react";
import { LazyImage } from "./LazyImage";

describe("LazyImage", () => {
  test("shows the picture lazily, sized before it arrives", () => {
    render(<LazyImage src="/media/a.webp" alt="Oranges" width={300} ratio={3} />);
    const img = screen.getByRole("img", { name: "Oranges" });
    expect(img.tagName).toBe("IMG");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("height")).toBe("100");
    // The frame's shape is a class, not an inline style (the pages' policy drops those).
    expect(img.parentElement?.getAttribute("style")).toBeNull();
    expect(img.parentElement?.className).toMatch(/wide3/);
  });

  test.each([[""], [null], [undefined]])("renders no <img> for a missing picture (%p)", (src) => {
    const { container } = render(<LazyImage src={src} alt="" />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[data-empty]")).not.toBeNull();
  });

  test("a missing picture with a name keeps its name for screen readers", () => {
    render(<LazyImage src="" alt="Oranges" />);
    expect(screen.getByRole("img", { name: "Oranges" }).tagName).toBe("SPAN");
  });

  test("a picture that fails to load leaves the empty frame, and a new address tries again", () => {
    const { container, rerender } = render(<LazyImage src="/media/gone.webp" alt="" />);
    const img = container.querySelector("img");
    if (!img) throw new Error("no picture rendered");
    fireEvent.error(img);
    expect(container.querySelector("img")).toBeNull();
    rerender(<LazyImage src="/media/new.webp" alt="" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/new.webp");
  });
});
