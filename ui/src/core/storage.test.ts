import { readClientState } from "storefront-core/start";
import { nothingStored } from "./storage";

beforeEach(() => localStorage.clear());

test("what the app holds before storage is read is what the core reads from empty storage", () => {
  expect(localStorage.length).toBe(0);
  expect(nothingStored).toEqual(readClientState());
});

test("it cannot be changed in place (the store starts from it)", () => {
  expect(Object.isFrozen(nothingStored)).toBe(true);
});
