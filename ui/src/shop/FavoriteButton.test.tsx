import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { FavoriteButton } from "./FavoriteButton";
import { mockApi, renderWithProviders, resetClient } from "../test/catalogue";

describe("FavoriteButton", () => {
  test("a guest is asked to sign in; nothing is sent", () => {
    resetClient({ district_id: "1", selectedService: "1" });
    const api = mockApi({});
    renderWithProviders(<FavoriteButton type="product" id={9} name="Green tea" active={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Add Green tea to favourites" }));
    expect(useAppStore.getState().modal).toBe("signIn");
    expect(api.calls()).toEqual([]);
  });

  test("signed in, it toggles the shop and says what it will do next", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({
      "POST /favorites/toggle": () => ({ body: { data: { type: "branch", id: 4, is_favorite: false, favorite: 0 }, message: null } }),
    });
    renderWithProviders(<FavoriteButton type="branch" id={4} name="Corner shop" active />);
    const button = screen.getByRole("button", { name: "Remove Corner shop from favourites" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(button);
    await waitFor(() => expect(api.bodies("POST /favorites/toggle")).toEqual([{ type: "branch", id: 4 }]));
  });
});
