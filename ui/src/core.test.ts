import { coreVersion, textDirection } from "storefront-core/start";

describe("the WASM core in jest", () => {
  it("computes page direction in Rust", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("en")).toBe("ltr");
  });

  it("throws a JS error for an unsupported language", () => {
    expect(() => textDirection("xx")).toThrow(/unsupported language/);
  });

  it("reports a semantic version", () => {
    expect(coreVersion()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
