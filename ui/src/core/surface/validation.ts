import {
  birthdateDropdowns,
  checkChoice,
  checkField,
  checkForm,
  checkPhone,
  clampPriceRange,
  imageLimits,
  normalizeDigits,
  orderPriceRange,
  otpEdit,
  splitBirthdate,
  storeCountryCode,
  type AddressForm,
  type Birthdate,
  type BirthdateDropdowns,
  type BirthdateParts,
  type Choice,
  type FieldRule,
  type FormInput,
  type ImageLimits,
  type Message,
  type OpenPriceRange,
  type OtpBoxes,
  type OtpEdit,
  type OtpEntry,
  type PhoneCheck,
  type PhoneKind,
  type PhoneNumber,
  type PhonePurpose,
  type PriceRange,
  type ProfileForm,
  type RefundMethod,
  type ReturnItem,
  type ReturnRequestForm,
  type SignUpForm,
} from "storefront-core";
import { checkField as checkCartField } from "storefront-core/cart";

const filled: SignUpForm = { name: "Mona Adel", email: "mona@example.com", referral_code: "FRIEND10", acceptTerms: true };
const refund: RefundMethod = "original_payment";
const item: ReturnItem = {
  id: 31,
  quantity: 1,
  ordered_quantity: 2,
  reason: "other",
  comment: "وصل المنتج مكسورًا",
};
const returnForm: ReturnRequestForm = { items: [item], refund_method: refund, pickup_address_id: 5, date: "2025-06-01", time: "10:00" };
const address: AddressForm = {
  name: "Home",
  contact_name: "Mona Adel",
  phone: "010 1234 5678",
  country: "",
  region: "",
  city: "",
  address_details: "12 Nile St.",
  building_number: "",
  floor: "",
  apartment_number: "",
  postal_code: "",
};
const profile: ProfileForm = { name: "Mona Adel", email: "", company_name: "", day: "7", month: "2", year: "1990", today: "2026-11-30" };
const emptyBoxes: OtpBoxes = [null, null, null, null];
const prices: PriceRange = { min: "5.00", max: "900.50" };
const bounds: PriceRange = { min: "10.00", max: "250.00" };
const open: OpenPriceRange = { min: "500.00", max: null };

/** Every text rule, with its parameters. */
const fieldRules: FieldRule[] = [
  { rule: "required" },
  { rule: "field_required" },
  { rule: "min_length", min: 3 },
  { rule: "max_length", max: 200 },
  { rule: "only_numbers" },
  { rule: "url" },
  { rule: "greater_than_zero" },
  { rule: "email" },
  { rule: "email_format" },
  { rule: "password" },
  { rule: "passwords_match", password: "Aa12345!" },
  { rule: "card_number" },
  { rule: "cvv" },
  { rule: "expiry_year" },
  { rule: "image_file" },
];

/** Every choice, with the state it checks. */
const choices: Choice[] = [
  { choice: "terms_accepted", accepted: true },
  { choice: "privacy_terms_accepted", accepted: false },
  { choice: "address", address_id: null },
  { choice: "location", location: { lat: 30.0444, lng: 31.2357 } },
  { choice: "address_deletion", is_default: true },
];

/** Every form. */
const forms: FormInput[] = [
  { form: "sign_up", values: filled },
  { form: "return_request", values: returnForm },
  { form: "address", values: address, country: storeCountryCode("eg") },
  { form: "profile", values: profile },
];

const edits: OtpEdit[] = [
  { edit: "type", index: 0, typed: "4" },
  { edit: "backspace", index: 0 },
  { edit: "paste", index: 0, text: "1234" },
];

function describePhone(check: PhoneCheck): string {
  if (check.result === "valid") {
    const number: PhoneNumber = check.number;
    const kind: PhoneKind = number.kind;
    return `${number.e164} ${number.country ?? ""} ${number.national_number ?? ""} ${kind}`;
  }
  return check.error.id;
}

function describeBirthdate(birthdate: Birthdate): string {
  return birthdate.state === "date" ? birthdate.date : birthdate.state;
}

export function surfaceValidation(value: string): string[] {
  const fieldMessages: (Message | null)[] = [
    ...fieldRules.map((rule) => checkField(value, rule)),
    checkCartField(value, { rule: "field_required" }),
    ...choices.map((choice) => checkChoice(choice)),
  ];
  const formErrors: Record<string, Message>[] = forms.map((form) => checkForm(form));
  let entry: OtpEntry = { boxes: emptyBoxes, focus: 0, code: null, complete: false };
  for (const edit of edits) entry = otpEdit(entry.boxes, edit);
  const code: string | null = entry.complete ? entry.code : null;
  const purposes: PhonePurpose[] = ["any", "login"];
  const clamped: PriceRange = clampPriceRange(prices, bounds);
  const ordered: OpenPriceRange = orderPriceRange(open);
  const parts: BirthdateParts = splitBirthdate("1990-02-07");
  const dropdowns: BirthdateDropdowns = birthdateDropdowns(parts, 2025);
  const years: number[] = dropdowns.years;
  const limits: ImageLimits = imageLimits();
  const types: string[] = limits.accepted_types;
  return [
    ...fieldMessages.map((message) => message?.id ?? ""),
    ...formErrors.flatMap((errors) => Object.keys(errors)),
    describePhone(checkPhone("010 1234 5678", "EG")),
    ...purposes.map((purpose) => describePhone(checkPhone(value, "+20", purpose))),
    code ?? "",
    `${clamped.min}-${clamped.max}`,
    `${ordered.min ?? ""}-${ordered.max ?? ""}`,
    String(years.length),
    String(dropdowns.days),
    describeBirthdate(dropdowns.birthdate),
    String(limits.max_bytes),
    ...types,
    normalizeDigits("٠١٠١٢٣٤٥٦٧٨"),
  ];
}
