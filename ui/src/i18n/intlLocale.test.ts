import { intlLocale, loadIntlData } from "./intlLocale";

describe("intlLocale", () => {
  test("Arabic formats as written in Egypt, English as English", () => {
    expect(intlLocale("ar")).toBe("ar-EG");
    expect(intlLocale("en")).toBe("en");
  });
});

describe("loadIntlData", () => {
  afterEach(() => jest.restoreAllMocks());

  test("uses the page locale's Intl data in a task of its own, not in the caller's", async () => {
    const checked = jest.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    const loading = loadIntlData("ar");
    // Nothing in the caller's task (React's hydration follows the await in a later one).
    expect(checked).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(checked).not.toHaveBeenCalled();
    await loading;
    expect(checked).toHaveBeenCalledWith("ar-EG");
  });
});
