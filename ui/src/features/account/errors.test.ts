/** @jest-environment ./src/test/jsdom-environment.cjs */
import { fieldErrors, responseErrorMessage } from "storefront-core";
import { ApiError } from "../../api/client";
import { reportSubmitError } from "./errors";
import { signedIn, toasts } from "./testing";

/** A 422 as the client makes it: the core reads the toast and the field messages from the bytes. */
function refused(errors: Record<string, unknown> | undefined, message = "The given data was invalid.") {
  const bytes = new TextEncoder().encode(JSON.stringify({ message, errors }));
  return new ApiError(422, responseErrorMessage(422, bytes), fieldErrors(422, bytes));
}

function formDouble() {
  const set: Record<string, string>[] = [];
  return { set, form: { setServerErrors: (errors: Record<string, string>) => void set.push(errors) } };
}

beforeEach(() => {
  signedIn();
});

describe("reportSubmitError (spec 8: a 422 shows the first validation error)", () => {
  test("shown fields get their message, nothing is toasted", () => {
    const { set, form } = formDouble();
    const fields = reportSubmitError(refused({ name: ["Required"], email: ["Taken"] }), form, ["name", "email"]);
    expect(fields).toEqual({ name: "Required", email: "Taken" });
    expect(set).toEqual([{ name: "Required", email: "Taken" }]);
    expect(toasts()).toEqual([]);
  });

  test("a key no field shows is toasted (the first such), the shown ones still go to their fields", () => {
    const { set, form } = formDouble();
    reportSubmitError(refused({ avatar: ["Too big"], name: ["Required"], token: ["Expired"] }), form, ["name"]);
    expect(set).toEqual([{ name: "Required" }]);
    expect(toasts()).toEqual(["Too big"]);
  });

  test("only unknown keys: no field errors are set, the first message is toasted", () => {
    const { set, form } = formDouble();
    expect(reportSubmitError(refused({ gender: ["Invalid gender"] }), form, ["name"])).toEqual({});
    expect(set).toEqual([]);
    expect(toasts()).toEqual(["Invalid gender"]);
  });

  test("aliases rename API keys to the form's (the first message of a field wins)", () => {
    const { set, form } = formDouble();
    reportSubmitError(
      refused({ "location.latitude": ["Latitude out of range"], "location.longitude": ["Longitude out of range"] }),
      form,
      ["location"],
      { "location.latitude": "location", "location.longitude": "location" },
    );
    expect(set).toEqual([{ location: "Latitude out of range" }]);
    expect(toasts()).toEqual([]);
    reportSubmitError(refused({ birthdate: ["Not a date"] }), form, ["year"], (key) => (key === "birthdate" ? "year" : key));
    expect(set.at(-1)).toEqual({ year: "Not a date" });
  });

  test("a 422 without field messages, and other failures, are the usual error toast", () => {
    const { set, form } = formDouble();
    reportSubmitError(refused(undefined, "Validation error occurred."), form, ["name"]);
    reportSubmitError(new ApiError(500, { kind: "server", text: "Server down" }), form, ["name"]);
    expect(set).toEqual([]);
    expect(toasts()).toEqual(["Validation error occurred.", "Server down"]);
  });
});
