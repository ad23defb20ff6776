import { resetStoreForEffects, watchedHost } from "../test/effectHost";
import { logoutEffects, readClientState } from "storefront-core/start";
import { dispatchCart } from "../shop/cartFlow";
import { runEffects } from "../platform/effects";
import { selectCart, useAppStore } from "../platform/store";
import { dispatchLogin, usePhoneLogin } from "../features/auth/flow";
import { startPicker, useLocationPicker } from "../features/location/picker";

// What a logout resets across the app: the platform's store and the flows of the
// features that keep state of their own (sign-in, location picker), composed here.

const host = watchedHost;

beforeEach(resetStoreForEffects);

describe("runEffects with the real core", () => {
  test("a logout resets the sign-in, the picker, the open modal, the cart and where sign-in was to return", () => {
    const h = host();
    localStorage.setItem("token", "tok");
    localStorage.setItem("district_id", "4");
    localStorage.setItem("location", JSON.stringify({ lat: 30.05, lng: 31.23 }));
    useAppStore.getState().refresh();
    dispatchLogin({ type: "open_sign_in" });
    // A number typed before a reload: the flow holds it again.
    dispatchLogin({ type: "restore", stored: { ...readClientState(), token: null, user_mobile: "+201001234567", modal: "signIn" } });
    startPicker();
    expect(usePhoneLogin.getState().view.mobile).toBe("+201001234567");
    expect(useLocationPicker.getState().view.district_id).toBe(4);
    dispatchCart({ type: "emptied" });
    useAppStore.setState({ returnTo: "/cart", cartShop: { branchName: "Garden City Grocer", delivers: false } });
    expect(useAppStore.getState().cartView).not.toBeNull();
    expect(useAppStore.getState().modal).toBe("signIn");

    runEffects(logoutEffects("/products/3", "requested"), h);
    expect(usePhoneLogin.getState().view.step).toBe("closed");
    expect(usePhoneLogin.getState().view.mobile).toBeNull();
    expect(useLocationPicker.getState().view.district_id).toBeNull();
    expect(useAppStore.getState().modal).toBeNull();
    expect(useAppStore.getState().returnTo).toBeNull();
    expect(selectCart(useAppStore.getState())).toBeNull();
    expect(useAppStore.getState().cartShop).toBeNull();
  });
});
