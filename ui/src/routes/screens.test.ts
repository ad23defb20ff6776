import CartPage from "../features/cart/CartPage";
import LandingPage from "../features/home/LandingPage";
import { loadFirstScreen, screens } from "./screens";

const LAZY = Symbol.for("react.lazy");
const isLazy = (screen: unknown) => (screen as { $$typeof?: symbol } | undefined)?.$$typeof === LAZY;

describe("loadFirstScreen", () => {
  it("makes the first page's lazy screen its plain component, so React renders it without suspending", async () => {
    expect(isLazy(screens.cart)).toBe(true);
    await loadFirstScreen("cart");
    expect(screens.cart).toBe(CartPage);
  });

  it("leaves a screen of the first chunk as it is, and the other routes lazy", async () => {
    await loadFirstScreen("landing");
    expect(screens.landing).toBe(LandingPage);
    expect(isLazy(screens.checkout)).toBe(true);
  });
});
