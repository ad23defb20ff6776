import { resetStoreForEffects, watchedHost } from "../test/effectHost";
import { logoutEffects } from "storefront-core/start";
import { dispatchCart } from "../shop/cartFlow";
import { runEffects } from "../platform/effects";
import { selectCart, useAppStore } from "../platform/store";
import { dispatchLogin, usePhoneLogin } from "../features/auth/flow";
import { useLocationPicker } from "../features/location/picker";

// What a logout resets across the app: the platform's store and the flows of the
// features that keep state of their own (sign-in, location picker), composed here.

const host = watchedHost;

beforeEach(resetStoreForEffects);

describe("runEffects with the real core", () => {
  test("a logout resets the sign-in, the picker, the open modal, the cart and where sign-in was to return", () => {
    const h = host();
    localStorage.setItem("token", "tok");
    localStorage.setItem("district_id", "4");
    useAppStore.getState().refresh();
    dispatchLogin({ type: "open_sign_in" });
    usePhoneLogin.setState({ state: { ...usePhoneLogin.getState().state, mobile: "+201001234567" } });
    useLocationPicker.setState({ state: { ...useLocationPicker.getState().state, district_id: 4 } });
    dispatchCart({ type: "emptied" });
    useAppStore.setState({ returnTo: "/cart", cartShop: { branchName: "Garden City Grocer", delivers: false } });
    expect(useAppStore.getState().cartView).not.toBeNull();
    expect(useAppStore.getState().modal).toBe("signIn");

    runEffects(logoutEffects("/products/3", "requested"), h);
    expect(usePhoneLogin.getState().state.step).toBe("closed");
    expect(usePhoneLogin.getState().state.mobile).toBeNull();
    expect(useLocationPicker.getState().state.district_id).toBeNull();
    expect(useAppStore.getState().modal).toBeNull();
    expect(useAppStore.getState().returnTo).toBeNull();
    expect(selectCart(useAppStore.getState())).toBeNull();
    expect(useAppStore.getState().cartShop).toBeNull();
  });
});
