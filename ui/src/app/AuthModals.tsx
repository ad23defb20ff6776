import { lazy, Suspense, useEffect } from "react";
import { locationPickerOpenEffects } from "../core/start";
import type { LoginStep, Modal } from "storefront-core";
import { runEffects } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { dispatchLogin, restoreLogin, usePhoneLogin } from "../features/auth/flow";

// The modals (their forms, and the picker's map) load only when one opens.
const SignInModal = lazy(() => import("../features/auth/SignInModal").then((m) => ({ default: m.SignInModal })));
const VerifyModal = lazy(() => import("../features/auth/VerifyModal").then((m) => ({ default: m.VerifyModal })));
const SignUpModal = lazy(() => import("../features/auth/SignUpModal").then((m) => ({ default: m.SignUpModal })));
const LocationPicker = lazy(() => import("../features/location/LocationPicker"));

/**
 * Shows the modal in the store: sign in, verify code, sign up (the phone flow's steps) or
 * the location picker. After a page load the core decides which remembered modal reopens
 * (spec 4). A modal opened by other parts of the page (the header's `open_modal` effect)
 * starts the core's flow, which remembers it for a reload. Loaded by {@link ModalHost}
 * when there is a modal to show or restore, with the sign-in flow and the whole core.
 */
export default function AuthModals() {
  const modal = useAppStore((s) => s.modal);
  const stored = useAppStore((s) => s.client.modal);
  const restored = usePhoneLogin((s) => s.restored);
  const step = usePhoneLogin((s) => s.view.step);

  useEffect(() => restoreLogin(), []);

  useEffect(() => {
    if (!restored) return;
    if (modal === "signIn" && step === "closed") dispatchLogin({ type: "open_sign_in" });
    if (modal === "pickAddress" && stored !== "pickAddress") runEffects(locationPickerOpenEffects());
  }, [restored, modal, step, stored]);

  if (!restored) return null;
  return <Suspense fallback={null}>{shown(modal, step)}</Suspense>;
}

function shown(modal: Modal | null, step: LoginStep) {
  if (modal === "signIn" && step === "signIn") return <SignInModal key="signIn" />;
  if (modal === "verifyOtp" && step === "verifyOtp") return <VerifyModal key="verifyOtp" />;
  if (modal === "register" && step === "register") return <SignUpModal key="register" />;
  if (modal === "pickAddress") return <LocationPicker key="pickAddress" />;
  return null;
}
