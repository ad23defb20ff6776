/** @jest-environment ./src/test/jsdom-environment.cjs */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../../platform/store";
import { mockApi, polyfillDialog, renderAt, signedIn, toasts, type Reply } from "../testing";
import { dayOf, imageRefusal, profileSchema } from "./ProfileForm";
import ProfilePage from "./ProfilePage";
import { SessionsCard } from "./SessionsCard";
import { DeleteAccountCard } from "./DeleteAccountCard";

const PROFILE = {
  id: 1,
  name: "Mona Adel",
  mobile: "+201001234567",
  email: "mona@example.com",
  company_name: null,
  birthdate: "1990-05-04",
  gender: "female",
  image: null,
  default_locale: "en",
  has_password: true,
  notifications: { orders: true, offers: false, newsletter: false },
  referral_code: "MONA10",
};

function profileApi(
  overrides: Record<string, unknown> = {},
  replies: { profile?: Reply; password?: Reply; confirm?: (body: unknown) => Reply; logoutAll?: Reply; deleteAccount?: Reply } = {},
) {
  return mockApi({
    "GET /user/profile": () => ({ body: { data: { user: { ...PROFILE, ...overrides }, address: null, default_locale: "en" }, message: null } }),
    "POST /upload-file/upload": () => ({ body: { data: { path: "/api/media/uploads/abc.png", mime: "image/png", size: 3 }, message: "Uploaded" } }),
    "PATCH /user/update-profile": (_url, body) =>
      replies.profile ?? { body: { data: { ...PROFILE, ...(body as object) }, message: "Profile updated successfully" } },
    "PATCH /user/update-password": () => replies.password ?? { body: { data: null, message: "Password updated" } },
    "POST /user/email/confirm-change": (_url, body) =>
      replies.confirm?.(body) ?? {
        body: { data: { ...PROFILE, email: (body as { email: string }).email }, message: "Your e-mail address has been changed." },
      },
    "POST /user/logout-all": () => replies.logoutAll ?? { body: { data: null, message: "You have been signed out on every device." } },
    "POST /user/delete-account": () => replies.deleteAccount ?? { body: { data: null, message: "Your account and its data have been deleted." } },
  });
}

/** Types a code into the four boxes of `container`. */
function typeCode(container: HTMLElement, code: string) {
  [...code].forEach((digit, i) => {
    fireEvent.change(within(container).getByLabelText(`Digit ${i + 1} of 4`), { target: { value: digit } });
  });
}

/** The server's answer to a new e-mail address: saved details, the old address kept until confirmed. */
const CODE_SENT: Reply = {
  body: { data: PROFILE, message: "We sent a code to new@example.com. Enter it to confirm your new e-mail address." },
};

/** A file of `size` bytes (jsdom's File has no cheap way to claim a size). */
function fileOfSize(name: string, type: string, size: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

beforeAll(() => {
  polyfillDialog();
  URL.createObjectURL = jest.fn(() => "blob:preview-1");
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  signedIn();
});

describe("ProfilePage", () => {
  test("the year dropdown has the core's 60 years, newest first", async () => {
    profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const year = (await screen.findByTestId("birth-year")) as HTMLSelectElement;
    const years = [...year.options].slice(1).map((o) => Number(o.value));
    expect(years).toHaveLength(60);
    expect(years[0]).toBe(new Date().getFullYear());
    expect(year.value).toBe("1990");
  });

  test("a file that is not an image is refused before any upload", async () => {
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const input = (await screen.findByTestId("image-input")) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "cv.pdf", { type: "application/pdf" })] } });
    expect(await screen.findByText("Only image files are allowed")).toBeTruthy();
    expect(api.calls().filter((c) => c.startsWith("POST /upload-file"))).toHaveLength(0);
  });

  test("a picture over 2 MB is refused when chosen, with a field error, and never uploaded", async () => {
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const input = (await screen.findByTestId("image-input")) as HTMLInputElement;
    expect(screen.getByText("PNG, JPEG, WebP or GIF, up to 2 MB.")).toBeTruthy();
    fireEvent.change(input, { target: { files: [fileOfSize("holiday.jpg", "image/jpeg", 3_600_000)] } });
    expect(await screen.findByText("This picture is larger than 2 MB. Choose a smaller one.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.value).toBe("");
    expect(within(screen.getByTestId("avatar")).queryByRole("img")).toBeNull();
    expect(api.calls().filter((c) => c.startsWith("POST /upload-file"))).toHaveLength(0);
    expect(toasts()).toEqual([]);
  });

  test("the size rule: exactly 2 MB passes, a byte more does not; the type is the core's", () => {
    expect(imageRefusal({ type: "image/png", size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageRefusal({ type: "image/png", size: 2 * 1024 * 1024 + 1 })).toEqual({ kind: "too_large" });
    expect(imageRefusal({ type: "image/bmp", size: 10 })).toEqual({ kind: "core", message: { id: "image_only", params: {} } });
  });

  test("an image type the input does not accept is refused before any upload", async () => {
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const input = (await screen.findByTestId("image-input")) as HTMLInputElement;
    expect(input.accept).toBe("image/png,image/jpeg,image/webp,image/gif");
    fireEvent.change(input, { target: { files: [fileOfSize("scan.bmp", "image/bmp", 1000)] } });
    expect(await screen.findByText("Only image files are allowed")).toBeTruthy();
    expect(api.calls().filter((c) => c.startsWith("POST /upload-file"))).toHaveLength(0);
  });

  test("in Arabic the size error and the hint are Arabic, with Arabic-Indic digits", async () => {
    useAppStore.setState({ language: "ar" });
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    expect(await screen.findByText("PNG أو JPEG أو WebP أو GIF، بحد أقصى ٢ ميجابايت.")).toBeTruthy();
    fireEvent.change(screen.getByTestId("image-input"), { target: { files: [fileOfSize("a.png", "image/png", 3_600_000)] } });
    expect(await screen.findByText("حجم هذه الصورة أكبر من ٢ ميجابايت. اختر صورة أصغر.")).toBeTruthy();
    expect(api.calls().filter((c) => c.startsWith("POST /upload-file"))).toHaveLength(0);
  });

  test("a 422 about a field the form does not show still reaches the customer as a toast", async () => {
    const api = profileApi(
      {},
      { profile: { status: 422, body: { message: "The given data was invalid.", errors: { gender: ["The selected gender is invalid."] } } } },
    );
    renderAt(<ProfilePage />, "/account/profile");
    fireEvent.click(await screen.findByTestId("profile-save"));
    await waitFor(() => expect(api.bodies("PATCH /user/update-profile")).toHaveLength(1));
    await waitFor(() => expect(toasts()).toEqual(["The selected gender is invalid."]));
    expect(within(screen.getByTestId("profile-form")).queryAllByTestId("field-error")).toHaveLength(0);
  });

  test("a 422 shows shown fields beside them (the birthdate on the year) and toasts the rest", async () => {
    profileApi(
      {},
      {
        profile: {
          status: 422,
          body: {
            message: "The given data was invalid.",
            errors: { email: ["The email has already been taken."], birthdate: ["The birthdate must be a date before today."], image: ["Upload the picture again."] },
          },
        },
      },
    );
    renderAt(<ProfilePage />, "/account/profile");
    fireEvent.click(await screen.findByTestId("profile-save"));
    const form = screen.getByTestId("profile-form");
    expect(await within(form).findByText("The email has already been taken.")).toBeTruthy();
    expect(within(form).getByText("The birthdate must be a date before today.")).toBeTruthy();
    expect(toasts()).toEqual(["Upload the picture again."]);
  });

  test("a 422 of the password change about no shown field is a toast", async () => {
    const api = profileApi(
      { has_password: false },
      { password: { status: 422, body: { message: "The given data was invalid.", errors: { current_password: ["The current password is incorrect."] } } } },
    );
    renderAt(<ProfilePage />, "/account/profile");
    const form = await screen.findByTestId("password-form");
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "Aa123456!" } });
    fireEvent.change(within(form).getByLabelText("New password again"), { target: { value: "Aa123456!" } });
    fireEvent.click(within(form).getByTestId("password-save"));
    await waitFor(() => expect(api.bodies("PATCH /user/update-password")).toHaveLength(1));
    await waitFor(() => expect(toasts()).toEqual(["The current password is incorrect."]));
    expect(within(form).queryAllByTestId("field-error")).toHaveLength(0);
  });

  test("an image shows a local preview, is uploaded, and its path is saved with the profile", async () => {
    const api = profileApi();
    // jsdom's File cannot be read back out of a multipart body here: watch the part instead.
    const append = jest.spyOn(FormData.prototype, "append");
    renderAt(<ProfilePage />, "/account/profile");
    const input = (await screen.findByTestId("image-input")) as HTMLInputElement;
    const file = new File(["png"], "me.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(within(screen.getByTestId("avatar")).getByRole("img").getAttribute("src")).toBe("blob:preview-1");
    await waitFor(() => expect(api.requests("POST /upload-file/upload")).toHaveLength(1));
    expect(api.requests("POST /upload-file/upload")[0]?.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(append).toHaveBeenCalledWith("file", file);
    append.mockRestore();
    await waitFor(() => expect((screen.getByTestId("profile-save") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Mona A." } });
    fireEvent.click(screen.getByRole("radio", { name: "Male" }));
    fireEvent.click(screen.getByTestId("profile-save"));
    await waitFor(() => expect(api.bodies("PATCH /user/update-profile")).toHaveLength(1));
    expect(api.bodies("PATCH /user/update-profile")[0]).toEqual({
      name: "Mona A.",
      email: "mona@example.com",
      company_name: null,
      birthdate: "1990-05-04",
      gender: "male",
      image: "/api/media/uploads/abc.png",
    });
    await waitFor(() => expect(toasts()).toEqual(["Profile updated successfully"]));
  });

  test("with an external API the picture comes from its server, and an unchanged picture is not sent back", async () => {
    const meta = document.createElement("meta");
    meta.name = "storefront-api-base";
    meta.content = "https://api.shop.example/api";
    document.head.append(meta);
    try {
      const api = profileApi({ image: "/api/media/uploads/me.png" });
      renderAt(<ProfilePage />, "/account/profile");
      const avatar = await screen.findByTestId("avatar");
      await waitFor(() =>
        expect(within(avatar).getByRole("img").getAttribute("src")).toBe("https://api.shop.example/api/media/uploads/me.png"),
      );
      fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Mona A." } });
      fireEvent.click(screen.getByTestId("profile-save"));
      await waitFor(() => expect(api.bodies("PATCH /user/update-profile")).toHaveLength(1));
      expect(api.bodies("PATCH /user/update-profile")[0]).not.toHaveProperty("image");
    } finally {
      meta.remove();
    }
  });

  test("with an admin API elsewhere the picture is uploaded there, with the customer's credentials", async () => {
    const meta = document.createElement("meta");
    meta.name = "storefront-admin-api-base";
    meta.content = "https://admin.shop.example/api/";
    document.head.append(meta);
    try {
      const api = profileApi();
      renderAt(<ProfilePage />, "/account/profile");
      const input = (await screen.findByTestId("image-input")) as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(["png"], "me.png", { type: "image/png" })] } });
      await waitFor(() => expect(api.requests("POST /upload-file/upload")).toHaveLength(1));
      const upload = api.requests("POST /upload-file/upload")[0];
      expect(upload?.url).toBe("https://admin.shop.example/api/upload-file/upload");
      expect(upload?.headers.get("authorization")).toBe("Bearer tok");
      // Everything else still goes to the product API.
      expect(api.requests("GET /user/profile")[0]?.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/user\/profile$/);
    } finally {
      meta.remove();
    }
  });

  test("profile rules: name required, e-mail format, a half-chosen birthdate", async () => {
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const name = await screen.findByLabelText("Name");
    fireEvent.change(name, { target: { value: " " } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: "mona@" } });
    fireEvent.change(screen.getByTestId("birth-day"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    const form = screen.getByTestId("profile-form");
    await waitFor(() => {
      const errors = within(form).getAllByRole("alert").map((e) => e.textContent);
      expect(errors).toEqual(
        expect.arrayContaining(["This field is required", "Email Format is wrong right format is example@domain.com"]),
      );
      expect(errors.filter((e) => e === "This field is required")).toHaveLength(2);
    });
    expect(api.bodies("PATCH /user/update-profile")).toHaveLength(0);
  });

  test("password change: the core's rule, matching twice, the current one required", async () => {
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const form = await screen.findByTestId("password-form");
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "abcdefgh" } });
    fireEvent.change(within(form).getByLabelText("New password again"), { target: { value: "abcdefgX" } });
    fireEvent.click(within(form).getByTestId("password-save"));
    await waitFor(() =>
      expect(within(form).getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
        "This field is required",
        "Use 8 or more characters with a mix of letters, numbers & symbols",
        "Passwords must match",
      ]),
    );
    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "Old12345!" } });
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "Aa123456!" } });
    fireEvent.change(within(form).getByLabelText("New password again"), { target: { value: "Aa123456!" } });
    fireEvent.click(within(form).getByTestId("password-save"));
    await waitFor(() => expect(api.bodies("PATCH /user/update-password")).toHaveLength(1));
    expect(api.bodies("PATCH /user/update-password")[0]).toEqual({
      current_password: "Old12345!",
      password: "Aa123456!",
      password_confirmation: "Aa123456!",
    });
    await waitFor(() => expect(toasts()).toEqual(["Password updated"]));
    expect((within(form).getByLabelText("New password") as HTMLInputElement).value).toBe("");
  });

  test("password: changing the new password checks its confirmation again", async () => {
    profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const form = await screen.findByTestId("password-form");
    const password = within(form).getByLabelText("New password");
    const again = within(form).getByLabelText("New password again");
    fireEvent.change(password, { target: { value: "Aa123456!" } });
    fireEvent.blur(password, { relatedTarget: again });
    fireEvent.change(again, { target: { value: "Aa123456!" } });
    fireEvent.blur(again, { relatedTarget: password });
    await waitFor(() => expect(again.getAttribute("aria-invalid")).toBeNull());
    expect(within(form).queryAllByTestId("field-error")).toHaveLength(0);
    fireEvent.change(password, { target: { value: "Bb123456!" } });
    await waitFor(() => expect(within(form).getAllByTestId("field-error").map((e) => e.textContent)).toEqual(["Passwords must match"]));
    expect(again.getAttribute("aria-invalid")).toBe("true");
  });

  test("a half-chosen birthdate is refused on the year, focused, and cleared by completing it", async () => {
    const api = profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    const day = (await screen.findByTestId("birth-day")) as HTMLSelectElement;
    expect(day.value).toBe("4");
    expect((screen.getByRole("radio", { name: "Female" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(day, { target: { value: "" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    const year = screen.getByTestId("birth-year");
    await waitFor(() => expect(document.activeElement).toBe(year));
    expect(year.getAttribute("aria-invalid")).toBe("true");
    expect(within(screen.getByTestId("profile-form")).getByRole("alert").textContent).toBe("This field is required");
    fireEvent.change(day, { target: { value: "9" } });
    await waitFor(() => expect(year.getAttribute("aria-invalid")).toBeNull());
    expect(within(screen.getByTestId("profile-form")).queryAllByRole("alert")).toHaveLength(0);
    fireEvent.click(screen.getByTestId("profile-save"));
    await waitFor(() => expect(api.bodies("PATCH /user/update-profile")).toHaveLength(1));
    expect(api.bodies("PATCH /user/update-profile")[0]).toMatchObject({ birthdate: "1990-05-09", gender: "female" });
  });

  test("a gender the form does not offer does not block saving (only the core's rules do)", async () => {
    const api = profileApi({ gender: "unspecified" });
    renderAt(<ProfilePage />, "/account/profile");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Mona A." } });
    fireEvent.click(screen.getByTestId("profile-save"));
    await waitFor(() => expect(api.bodies("PATCH /user/update-profile")).toHaveLength(1));
    expect(api.bodies("PATCH /user/update-profile")[0]).toMatchObject({ name: "Mona A.", gender: "unspecified" });
  });

  test("a server message stays at its field (focused) until that field changes", async () => {
    profileApi({}, { profile: { status: 422, body: { message: "The given data was invalid.", errors: { email: ["The email has already been taken."] } } } });
    renderAt(<ProfilePage />, "/account/profile");
    const email = await screen.findByLabelText(/E-mail/);
    fireEvent.click(screen.getByTestId("profile-save"));
    const form = screen.getByTestId("profile-form");
    expect((await within(form).findByTestId("field-error")).textContent).toBe("The email has already been taken.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    // Another field changing leaves it: once that field's own check has shown (its error,
    // then its error gone), the server's message is still at the e-mail address.
    const name = screen.getByLabelText("Name");
    fireEvent.change(name, { target: { value: "" } });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getAllByTestId("field-error").map((error) => error.textContent)).toContain("The email has already been taken.");
    fireEvent.change(name, { target: { value: "Mona A." } });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBeNull());
    expect(within(form).getByTestId("field-error").textContent).toBe("The email has already been taken.");
    fireEvent.change(email, { target: { value: "mona2@example.com" } });
    await waitFor(() => expect(within(form).queryAllByTestId("field-error")).toHaveLength(0));
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });

  test("a new e-mail address is confirmed by the code sent to it", async () => {
    const api = profileApi({}, { profile: CODE_SENT });
    renderAt(<ProfilePage />, "/account/profile");
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    const card = await screen.findByTestId("email-confirm");
    expect(toasts()).toEqual(["We sent a code to new@example.com. Enter it to confirm your new e-mail address."]);
    expect(within(card).getByText("new@example.com")).toBeTruthy();
    const confirm = within(card).getByTestId("email-confirm-save") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    typeCode(card, "4821");
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.bodies("POST /user/email/confirm-change")).toEqual([{ email: "new@example.com", code: "4821" }]));
    await waitFor(() => expect(screen.queryByTestId("email-confirm")).toBeNull());
    expect(toasts()).toContain("Your e-mail address has been changed.");
  });

  test("a wrong confirmation code is a toast, and the boxes empty for another try", async () => {
    profileApi(
      {},
      {
        profile: CODE_SENT,
        confirm: () => ({ status: 422, body: { message: "The code is incorrect.", errors: { code: ["The code is incorrect."] } } }),
      },
    );
    renderAt(<ProfilePage />, "/account/profile");
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    const card = await screen.findByTestId("email-confirm");
    typeCode(card, "1111");
    fireEvent.click(within(card).getByTestId("email-confirm-save"));
    await waitFor(() => expect(toasts()).toContain("The code is incorrect."));
    expect((within(card).getByLabelText("Digit 1 of 4") as HTMLInputElement).value).toBe("");
    expect(screen.getByTestId("email-confirm")).toBeTruthy();
  });

  test("saving with the same e-mail address asks for no code", async () => {
    profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Mona A." } });
    fireEvent.click(screen.getByTestId("profile-save"));
    await waitFor(() => expect(toasts()).toEqual(["Profile updated successfully"]));
    expect(screen.queryByTestId("email-confirm")).toBeNull();
  });

  test("sign out on every device: the server ends every session, then this one ends here", async () => {
    const api = profileApi();
    const end = jest.fn();
    renderAt(<SessionsCard end={end} />, "/account/profile");
    fireEvent.click(screen.getByRole("button", { name: "Sign out on every device" }));
    await waitFor(() => expect(end).toHaveBeenCalledWith("/"));
    expect(api.calls()).toEqual(["POST /user/logout-all"]);
    expect(toasts()).toEqual(["You have been signed out on every device."]);
  });

  test("a failed sign-out everywhere keeps this session", async () => {
    profileApi({}, { logoutAll: { status: 503, body: { message: "Service unavailable." } } });
    const end = jest.fn();
    renderAt(<SessionsCard end={end} />, "/account/profile");
    fireEvent.click(screen.getByRole("button", { name: "Sign out on every device" }));
    await waitFor(() => expect(toasts()).toEqual(["Service unavailable."]));
    expect(end).not.toHaveBeenCalled();
  });

  test("without a password yet, no current password is asked", async () => {
    profileApi({ has_password: false });
    renderAt(<ProfilePage />, "/account/profile");
    const form = await screen.findByTestId("password-form");
    expect(within(form).queryByLabelText("Current password")).toBeNull();
    expect(within(form).getByRole("heading", { name: "Set a password" })).toBeTruthy();
  });

  test("an account registered by e-mail has no phone yet: the profile says so and offers the verification", async () => {
    profileApi({ mobile: null });
    renderAt(<ProfilePage />, "/account/profile");
    expect((await screen.findByTestId("no-mobile")).textContent).toContain("No phone number yet");
    const box = screen.getByTestId("profile-verify-phone");
    expect(within(box).getByRole("heading", { level: 2, name: "Verify your phone number" })).toBeTruthy();
    expect(within(box).getByLabelText("Mobile number")).toBeTruthy();
    expect(screen.queryByDisplayValue("+201001234567")).toBeNull();
  });

  test("with a phone, the profile shows it and no verification", async () => {
    profileApi();
    renderAt(<ProfilePage />, "/account/profile");
    expect(await screen.findByDisplayValue("+201001234567")).toBeTruthy();
    expect(screen.queryByTestId("profile-verify-phone")).toBeNull();
    expect(screen.getByTestId("delete-account")).toBeTruthy();
  });
});

describe("deleting the account", () => {
  test("asks first, saying what goes and what stays; Keep changes nothing", async () => {
    const api = profileApi();
    const end = jest.fn();
    renderAt(<DeleteAccountCard end={end} />, "/account/profile");
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(dialog.textContent).toContain("Your saved cards, addresses, favourites, reviews, wallet balance and points will be lost");
    expect(dialog.textContent).toContain("Your orders stay in the shop's records.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls()).toEqual([]);
    expect(end).not.toHaveBeenCalled();
  });

  test("confirmed, the server deletes the data and this session ends as a logout does", async () => {
    const api = profileApi();
    const end = jest.fn();
    renderAt(<DeleteAccountCard end={end} />, "/account/profile");
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete for good" }));
    await waitFor(() => expect(end).toHaveBeenCalledWith("/"));
    expect(api.calls()).toEqual(["POST /user/delete-account"]);
    expect(api.bodies("POST /user/delete-account")).toEqual([{ confirm: true }]);
    expect(toasts()).toEqual(["Your account and its data have been deleted."]);
  });

  test("orders under way (422 on orders): the message shows in the section and the session stays", async () => {
    const message = "You have orders under way. You can delete your account once they are delivered or cancelled.";
    profileApi({}, { deleteAccount: { status: 422, body: { message, errors: { orders: [message] } } } });
    const end = jest.fn();
    renderAt(<DeleteAccountCard end={end} />, "/account/profile");
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete for good" }));
    const alert = await screen.findByTestId("delete-account-error");
    expect(alert.textContent).toBe(message);
    expect(alert.getAttribute("role")).toBe("alert");
    expect(screen.getByRole("button", { name: "Delete my account" }).getAttribute("aria-describedby")).toBe(alert.id);
    expect(end).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });
});

describe("profileSchema", () => {
  // The server's one birthdate rule (the core's birthdateAllowed), checked here first.
  const values = { name: "Mona", email: "", company_name: "", day: "1", month: "12", gender: "" as const };
  it("refuses a birthdate after today, and keeps one in the past", () => {
    const schema = profileSchema("en", "2026-11-30");
    const future = schema.safeParse({ ...values, year: "2026" });
    expect(future.success).toBe(false);
    expect(future.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["year", "Choose a valid date of birth from the list"],
    ]);
    expect(schema.safeParse({ ...values, year: "2025" }).success).toBe(true);
  });

  it("reads today as the shopper's calendar day", () => {
    expect(dayOf(new Date(2026, 0, 5, 23, 59).getTime())).toBe("2026-01-05");
  });
});
