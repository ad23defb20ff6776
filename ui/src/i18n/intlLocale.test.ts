import { promisesSettled } from "../test/promises";
import { intlLocale, loadIntlData } from "./intlLocale";

describe("intlLocale", () => {
  test("Arabic formats as written in Egypt, English as English", () => {
    expect(intlLocale("ar")).toBe("ar-EG");
    expect(intlLocale("en")).toBe("en");
  });
});

describe("loadIntlData", () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  test("uses the page locale's Intl data in a task of its own, not in the caller's", async () => {
    jest.useFakeTimers();
    const checked = jest.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    const loading = loadIntlData("ar");
    // Nothing in the caller's task (React's hydration follows the await in a later one),
    // nor in any promise it started, while the page's clock stands still…
    expect(checked).not.toHaveBeenCalled();
    await promisesSettled();
    expect(checked).not.toHaveBeenCalled();
    // …but in the next task, once the clock moves on.
    await jest.runAllTimersAsync();
    await loading;
    expect(checked).toHaveBeenCalledWith("ar-EG");
  });
});
