import {
  acceptedImageTypes,
  checkLoginMobile,
  clampPriceRange,
  loginCanSubmit,
  normalizeDigits,
  otpBackspace,
  otpCode,
  otpIsComplete,
  otpPaste,
  otpTypeChar,
  parsePhone,
  signUpCanSubmit,
  validateAddressChosen,
  validateAddressDeletion,
  validateCardNumber,
  validateCvv,
  validateEmail,
  validateEmailFormat,
  validateExpiryYear,
  validateFieldRequired,
  validateGreaterThanZero,
  validateImageFile,
  validateLocationChosen,
  validateMaxLength,
  validateMinLength,
  validateOnlyNumbers,
  validatePassword,
  validatePasswordsMatch,
  validatePhone,
  validatePrivacyTermsAccepted,
  validateRequired,
  validateReturnRequest,
  validateSignUp,
  validateTermsAccepted,
  validateUrl,
  yearOptions,
  type Message,
  type OtpBoxes,
  type OtpEntry,
  type PhoneCheck,
  type PhoneKind,
  type PhoneNumber,
  type PriceRange,
  type RefundMethod,
  type ReturnItem,
  type ReturnRequestForm,
  type SignUpForm,
} from "storefront-core";

const initial: SignUpForm = { name: "", email: "", referral_code: "", acceptTerms: false };
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
const emptyBoxes: OtpBoxes = [null, null, null, null];
const prices: PriceRange = { min: "5.00", max: "900.50" };
const bounds: PriceRange = { min: "10.00", max: "250.00" };

function describePhone(check: PhoneCheck): string {
  if (check.result === "valid") {
    const number: PhoneNumber = check.number;
    const kind: PhoneKind = number.kind;
    return `${number.e164} ${number.country ?? ""} ${number.national_number ?? ""} ${kind}`;
  }
  return check.error.id;
}

export function surfaceValidation(value: string): string[] {
  const fieldMessages: (Message | null)[] = [
    validateRequired(value),
    validateFieldRequired(value),
    validateMinLength(value, 3),
    validateMaxLength(value, 200),
    validateOnlyNumbers(value),
    validateUrl(value),
    validateGreaterThanZero(value),
    validateEmail(value),
    validateEmailFormat(value),
    validatePassword(value),
    validatePasswordsMatch(value, "Aa12345!"),
    validateCardNumber("4242 4242 4242 4242"),
    validateCvv("123"),
    validateExpiryYear("29"),
    validatePrivacyTermsAccepted(false),
    validateAddressChosen(null),
    validateLocationChosen({ lat: 30.0444, lng: 31.2357 }),
    validateAddressDeletion(true),
    validateImageFile("image/png"),
    validateTermsAccepted(true),
    validatePhone(value, "EG"),
  ];
  const signUpErrors: Record<string, Message> = validateSignUp(filled);
  const returnErrors: Record<string, Message> = validateReturnRequest(returnForm);
  const typed: OtpEntry = otpTypeChar(emptyBoxes, 0, "4");
  const back: OtpEntry = otpBackspace(typed.boxes, typed.focus);
  const pasted: OtpEntry = otpPaste(back.boxes, back.focus, "1234");
  const code: string | null = otpIsComplete(pasted.boxes) ? otpCode(pasted.boxes) : null;
  const clamped: PriceRange = clampPriceRange(prices, bounds);
  const years: number[] = yearOptions(2025);
  const types: string[] = acceptedImageTypes();
  return [
    ...fieldMessages.map((message) => message?.id ?? ""),
    ...Object.keys(signUpErrors),
    ...Object.keys(returnErrors),
    String(signUpCanSubmit(filled, initial)),
    describePhone(parsePhone("010 1234 5678", "EG")),
    describePhone(checkLoginMobile(value, "+20")),
    String(loginCanSubmit(value, "", "EG")),
    code ?? "",
    `${clamped.min}-${clamped.max}`,
    String(years.length),
    ...types,
    normalizeDigits("٠١٠١٢٣٤٥٦٧٨"),
  ];
}
