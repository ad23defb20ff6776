import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { json, renderWithShell, resetShell, store, at } from "./testing";

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(json(200, { data: {}, message: "Saved" }));
  resetShell("/home");
});

describe("the language switcher", () => {
  test("names the other language in that language and switches the page to it", () => {
    renderWithShell(<LanguageSwitcher />);
    const button = screen.getByRole("button", { name: "العربية" });
    expect(button.querySelector("[lang]")?.getAttribute("lang")).toBe("ar");
    act(() => fireEvent.click(button));
    expect(useAppStore.getState().language).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(localStorage.getItem("language")).toBe("ar");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("a signed-in customer's choice is saved as default_locale", async () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    renderWithShell(<LanguageSwitcher />);
    act(() => fireEvent.click(screen.getByRole("button", { name: "العربية" })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const request = at(fetchMock.mock.calls, 0)[0];
    expect(request.method).toBe("PUT");
    expect(new URL(request.url).pathname).toBe("/api/user/update-setting");
    expect(await request.json()).toEqual({ default_locale: "ar" });
  });

  test("in Arabic it offers English", () => {
    renderWithShell(<LanguageSwitcher />, { language: "ar" });
    expect(screen.getByRole("button", { name: "English" })).toBeTruthy();
  });
});
