#!/usr/bin/env node
// node-shopper: a command-line shopper for Node. It signs in by phone, registers, picks a
// district, searches in Arabic, fills a cart, applies a coupon, checks out with cash,
// lists the order in English and Arabic, then pays a second order by card, saving the
// card, and lists its saved cards, against a storefront API. Every rule comes from
// `storefront-core` (the WASM package the web app uses); this file only performs what
// the core asks for and prints what happens.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import {
  CartFlow,
  CheckoutFlow,
  cartDelivery,
  cartRequest,
  cartTotals,
  catalogueListRequest,
  checkChoice,
  checkField,
  checkForm,
  checkPhone,
  coreVersion,
  isCoreError,
  LocationPickerFlow,
  orderCanCancel,
  orderTabOf,
  orderTabs,
  otpEdit,
  parseMoney,
  parseOrderStatus,
  PhoneLoginFlow,
  quantityIncrement,
  quantityLimits,
  quantitySet,
  readClientState,
  StartupFlow,
  resendAvailabilitySince,
  submitSearch,
  suggestionQuery,
  unmetCouponMinimum,
  verificationChannels,
  type ApiCall,
  type Cart,
  type CardDetails,
  type CartView,
  type CouponResponse,
  type Language,
  type LoginEvent,
  type Message,
  type OtpEntry,
  type PaymentSummary,
  type PhoneLoginView,
  type Step,
  type SignUpForm,
} from "storefront-core";
import { Api, type Answer } from "./api.js";
import { cartItemOf, cartOf, startupConfigOf, startupProfileOf } from "storefront-core/api";
import { Failure, Shell } from "./shell.js";
import { messageText, textOf } from "./text.js";

const HELP = `usage: node-shopper --base URL --outbox PATH [options]

  --base URL        the storefront (its API is under URL/api); or STOREFRONT_URL
  --outbox PATH     the server's file code sender (STOREFRONT_CODE_SENDER=file:PATH),
                    where the sign-in code is read; or STOREFRONT_OUTBOX
  --mobile TEXT     the phone number, as a shopper types it (default: a new 010 number)
  --place TEXT      where to deliver, a map search (default: "Cairo Tower")
  --search TEXT     what to search for, in Arabic (default: "حليب", milk)
  --coupon CODE     the coupon to apply (default: BIG50)
  --card NUMBER     the card the second order is paid with and saved (default: the
                    reference server's test card 4242 4242 4242 4242)`;

const OPTIONS = {
  options: {
    base: { type: "string", default: process.env["STOREFRONT_URL"] },
    outbox: { type: "string", default: process.env["STOREFRONT_OUTBOX"] },
    mobile: { type: "string" },
    place: { type: "string", default: "Cairo Tower" },
    search: { type: "string", default: "حليب" },
    coupon: { type: "string", default: "BIG50" },
    card: { type: "string", default: "4242 4242 4242 4242" },
    help: { type: "boolean", default: false },
  },
} as const;
type Args = ReturnType<typeof parseArgs<typeof OPTIONS>>["values"];
let args: Args = {} as Args;

/** The language the shopper uses; the order is listed in both at the end. */
const LANGUAGE: Language = "en";
const say = (line: string): void => console.log(line);
const shell = new Shell(say, LANGUAGE);

/** A failed step from one of the core's messages. */
const refused = (message: Message): Failure => new Failure({ kind: "message", ...message });

/** Money as the core reads it (exact two-decimal text), with its currency. */
const money = (amount: string | number, currency = "EGP"): string => `${parseMoney(amount)} ${currency}`;

async function main(): Promise<void> {
  args = parseArgs(OPTIONS).values;
  if (args.help || !args.base || !args.outbox) {
    console.log(HELP);
    process.exitCode = args.help ? 0 : 2;
    return;
  }
  const api = new Api(args.base, LANGUAGE);
  say(`storefront-core ${coreVersion()} against ${args.base}`);

  const configAnswer = await api.get("/remote-config");
  const config = configAnswer.data;

  const mobile = await signIn(api, config, args.outbox);
  const place = await pickDistrict(api, args.place);
  const serviceId = await chooseService(api, configAnswer.data);
  const product = await search(api, serviceId, args.search);
  let cart = await addToCart(api, serviceId, product);
  cart = await applyCoupon(api, serviceId, args.coupon);
  const { order, addressId } = await checkOut(api, serviceId, cart, mobile, place);
  await listOrder(api, order);
  // A second order, paid by card; the card is saved for next time.
  cart = await addToCart(api, serviceId, product);
  await payByCard(api, serviceId, cart, addressId, args.card);
  await listSavedCards(api);
  say("done");
}

// ── Sign-in: the phone login flow (spec 4) ────────────────────────────────────────────

/** The sign-in flow: the core keeps its state; each event goes in with the time. */
const signInFlow = new PhoneLoginFlow();

/** Feeds an event to the sign-in flow at the current time: its effects and view. */
function login(event: LoginEvent): Step<PhoneLoginView> {
  return signInFlow.send(event, Date.now());
}

async function signIn(api: Api, config: Answer<"/remote-config", "get">["data"], outbox: string): Promise<string> {
  // No default country configured: the core reads the number as international.
  const country = config.default_country_code ?? "";
  const typed = args.mobile ?? `010${String(Date.now()).slice(-8)}`;
  // A valid login mobile can be submitted (the form starts blank).
  const check = checkPhone(typed, country, "login");
  if (check.result === "invalid") throw refused(check.error);
  const phone = checkPhone(typed, country);
  const kind = phone.result === "valid" ? phone.number.kind : "unknown";
  say(`signing in with ${typed} (${check.number.e164}, ${kind} line, ${check.number.country ?? "?"})`);

  let update = login({ type: "open_sign_in" });
  shell.perform(update.effects);
  const [channel] = verificationChannels(config.verification_methods_sms, config.verification_methods_whatsapp);
  if (channel === undefined) throw new Error("the core offers no sign-in channel");
  update = login({ type: "request_code", mobile: check.number.e164, channel });
  const ask = shell.performExpecting(update.effects, "login_by_otp");
  const before = outboxCodes(outbox, ask.mobile).length;
  try {
    await api.post("/user/login-by-otp", { body: { mobile: ask.mobile, channel: ask.channel }, signingIn: true });
  } catch (error) {
    throw failFlow(error, (text) => ({ type: "code_failed", error: text }));
  }
  update = login({ type: "code_sent" });
  shell.perform(update.effects);
  const resend = resendAvailabilitySince(update.view.code_sent_at_ms, Date.now());
  if (resend.state === "wait") say(`    (${messageText(resend.message, LANGUAGE)})`);

  // The code, as a shopper types it into the four boxes.
  const code = await waitForCode(outbox, ask.mobile, before);
  let entry: OtpEntry = { boxes: [null, null, null, null], focus: 0, code: null, complete: false };
  for (const digit of code) entry = otpEdit(entry.boxes, { edit: "type", index: entry.focus, typed: digit });
  const entered = entry.code;
  if (!entry.complete || entered === null) throw new Error(`the code boxes did not take ${code}`);
  say(`    code ${entered} from the outbox`);

  update = login({ type: "submit_code", code: entered });
  const verify = shell.performExpecting(update.effects, "verify_login_by_otp");
  let verified: Answer<"/user/verify-login-by-otp", "post">;
  try {
    verified = await api.post("/user/verify-login-by-otp", { body: { mobile: verify.mobile, channel: verify.channel, code: verify.code }, signingIn: true });
  } catch (error) {
    throw failFlow(error, (text) => ({ type: "verify_failed", error: text }));
  }
  update = login({
    type: "verified",
    token: verified.data.token ?? null,
    user_exists: verified.data.user_exists,
    message: verified.message ?? null,
    force_default_location: config.force_select_default_locations,
  });
  shell.perform(update.effects);

  if (update.view.step === "register") {
    const digits = ask.mobile.slice(1);
    const form: SignUpForm = { name: "Mona Shopper", email: `shopper.${digits}@example.com`, referral_code: "", acceptTerms: true };
    // No errors: the form can be submitted (its blank start never passes).
    const errors = Object.entries(checkForm({ form: "sign_up", values: form }));
    if (errors[0]) throw refused(errors[0][1]);
    update = login({ type: "submit_registration", name: form.name, email: form.email, referral_code: form.referral_code, accept_terms: form.acceptTerms });
    const register = shell.performExpecting(update.effects, "register_by_otp");
    let registered: Answer<"/user/register-by-otp", "post">;
    try {
      registered = await api.post("/user/register-by-otp", { body: register.registration, signingIn: true });
    } catch (error) {
      throw failFlow(error, (text) => ({ type: "register_failed", error: text }));
    }
    update = login({
      type: "registered",
      token: registered.data.token,
      message: registered.message ?? null,
      force_default_location: config.force_select_default_locations,
    });
    shell.perform(update.effects);
    say(`registered as ${form.name} <${form.email}>`);
  }

  // The flow stored the token (key `token`, stored as is); every later call sends it.
  if (update.view.step !== "closed" || readClientState().token === null) throw new Error("the sign-in flow ended without a token");
  say(`signed in as ${ask.mobile}`);
  return ask.mobile;
}

/** A failed sign-in call: the flow hears of it (and shows its toast), then the run stops with its text. */
function failFlow(error: unknown, event: (text: Failure["text"]) => LoginEvent): unknown {
  if (!(error instanceof Failure)) return error;
  shell.perform(login(event(error.text)).effects);
  return error;
}

/** The codes the server's file code sender wrote for `to`, oldest first (notices have none). */
function outboxCodes(outbox: string, to: string): string[] {
  if (!existsSync(outbox)) return [];
  return readFileSync(outbox, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { to?: string; code?: string })
    .filter((entry) => entry.to === to && typeof entry.code === "string")
    .map((entry) => entry.code as string);
}

async function waitForCode(outbox: string, to: string, before: number): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const codes = outboxCodes(outbox, to);
    const code = codes.length > before ? codes.at(-1) : undefined;
    if (code !== undefined) return code;
    await sleep(100);
  }
  throw new Error(`no code for ${to} arrived in ${outbox}`);
}

// ── Location: the location picker flow ────────────────────────────────────────────────

interface Place {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

async function pickDistrict(api: Api, text: string): Promise<Place> {
  // A fresh run has nothing stored, so the picker starts as for a first visit.
  const stored = readClientState();
  const start = stored.location ? { latitude: stored.location.lat, longitude: stored.location.lng } : null;
  const picker = new LocationPickerFlow(start, stored.district_id);
  let step = picker.send({ type: "search_text_changed", text });
  const lookup = shell.performExpecting(step.effects, "map_search");
  const found = await api.get("/map/search", { query: { search: lookup.search } });
  step = picker.send({ type: "search_results_arrived", search: lookup.search, results: found.data });
  shell.perform(step.effects);
  const status = step.view.search;
  if (status.status !== "results") throw refused(status.message);
  const [first] = status.results;
  if (!first) throw new Error(`no place found for "${text}"`);

  step = picker.send({ type: "point_chosen", point: first.location });
  const check = shell.performExpecting(step.effects, "is_supported_location");
  try {
    const support = await api.get("/map/is-supported-location", { query: { latitude: check.latitude, longitude: check.longitude } });
    const district_name = support.data.district?.name ?? null;
    step = picker.send({ type: "support_answered", point: first.location, district_id: support.data.district_id ?? null, district_name });
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    step = picker.send({ type: "support_failed", point: first.location });
  }
  shell.perform(step.effects);
  const { can_confirm, district_id: districtId, district_name: districtName, label } = step.view;
  if (!can_confirm || districtId === null) throw refused(label);
  shell.perform(picker.send({ type: "confirm" }).effects);
  picker.free();
  say(`district: ${districtName ?? "?"} (#${districtId}), delivering to ${first.name}, ${first.address}`);
  return { name: first.name, address: first.address, ...first.location };
}

/**
 * The service the startup flow chooses (the configured default when none is chosen). The
 * shopper is signed in by now, so the flow waits for the profile before it plans.
 */
async function chooseService(api: Api, config: Answer<"/remote-config", "get">["data"]): Promise<number> {
  const startup = new StartupFlow(LANGUAGE);
  try {
    const waiting = startup.send({ type: "config_loaded", config: startupConfigOf(config) });
    if (waiting.view.started) throw new Error("the start did not wait for the signed-in customer's profile");
    const profile = await api.get("/user/profile");
    const step = startup.send({ type: "profile_answered", profile: startupProfileOf(profile.data) });
    shell.perform(step.effects);
    if (!step.view.started) throw new Error("the start did not plan once the profile answered");
  } finally {
    startup.free();
  }
  const serviceId = readClientState().selected_service;
  if (serviceId === null) throw new Error("the startup plan chose no service");
  const services = await api.get("/services");
  const name = services.data.find((service) => service.id === serviceId)?.name ?? "?";
  say(`service: ${name} (#${serviceId})`);
  return serviceId;
}

// ── Search, cart, coupon ──────────────────────────────────────────────────────────────

/** A listing entry of `GET /products` (its answer is a listing or, for `text=`, suggestions). */
type ProductEntry = Answer<"/products", "get">["data"][number];
type Product = Extract<ProductEntry, { price: string }>;

async function search(api: Api, serviceId: number, typed: string): Promise<Product> {
  const refusal = submitSearch(typed).find((effect) => effect.type === "toast");
  const text = suggestionQuery(typed);
  if (refusal?.type === "toast") throw new Failure(refusal.text);
  if (text === null) throw new Error("blank search text");
  const list = catalogueListRequest("products", { page: 1, service_id: serviceId });
  if (list.kind !== "fetch") throw refused(list.kind === "skip" ? list.warning : list.message);
  if (list.path !== "/products") throw new Error(`the core asks for ${list.path}, not /products`);
  const answer = await api.get("/products", { query: { ...Object.fromEntries(list.query), search: text }, language: "ar" });
  const entries: readonly ProductEntry[] = answer.data;
  const products = entries.filter((item): item is Product => "price" in item);
  const total = "total" in answer.meta ? answer.meta.total : products.length;
  say(`found ${total} products for "${text}"${"approximate" in answer.meta && answer.meta.approximate ? " (close matches)" : ""}`);
  for (const item of products.slice(0, 3)) say(`    ${item.name} — ${money(item.price, item.currency)} at ${item.branch.name}`);
  const product = products.find((item) => item.stock > 0);
  if (!product) throw new Error(`nothing in stock for "${text}"`);
  return product;
}

/**
 * The cart's flow: it keeps the cart itself. Each event (a load, an add, an answer) goes
 * in with `send`, and out come the effects to perform (toasts, the call to make) and the
 * view to show.
 */
const cartFlow = new CartFlow();

async function loadCart(api: Api, serviceId: number): Promise<CartView> {
  const request = cartRequest(serviceId);
  if (request.kind !== "fetch") throw refused(request.kind === "skip" ? request.warning : request.message);
  if (request.path !== "/get_card") throw new Error(`the core asks for ${request.path}, not /get_card`);
  const answer = await api.get("/get_card", { query: Object.fromEntries(request.query) });
  const step = cartFlow.send({ type: "loaded", cart: cartOf(answer.data) });
  shell.perform(step.effects);
  return step.view;
}

/** The cart's totals as the core computes them, checked against the server's. */
function checkTotals(cart: Cart): void {
  const totals = cartTotals(
    cart.items.map((item) => ({ price: item.price, qty: item.qty })),
    cart.pricing,
    cart.coupon_rule,
  );
  if (totals.cart_total !== cart.cart_total || totals.coupon_discount !== cart.coupon_discount) {
    throw new Error(`the core's totals ${JSON.stringify(totals)} are not the server's (${cart.cart_total}, discount ${cart.coupon_discount})`);
  }
}

async function addToCart(api: Api, serviceId: number, product: Product): Promise<Cart> {
  await loadCart(api, serviceId);
  const limits = quantityLimits({ name: product.name, image: product.image, min_qty: product.min_qty, max_qty: product.max_qty, stock: product.stock, branch_id: product.branch.id });
  const first = quantitySet(limits.min, limits);
  if (first.kind === "refused") throw refused(first.message);
  // One more, as the stepper's + would; at the limit, the first quantity stays.
  const more = quantityIncrement(first.qty, limits);
  const qty = more.kind === "accepted" ? more.qty : first.qty;

  // The flow checks the cart's shop, then asks for the call (another shop's cart: its question).
  const asked = cartFlow.send({ type: "add_requested", request: { product_id: product.id, branch_id: product.branch.id, qty, empty_cart: false } });
  if (asked.view.prompt) throw new Failure(asked.view.prompt);
  const [call] = shell.perform(asked.effects);
  if (call?.call !== "add_to_cart") throw new Error(`the cart asked for ${call?.call ?? "no call"}, not add_to_cart`);
  try {
    const added = await api.post("/order/add-to-cart", {
      body: { product_id: call.product_id, qty: call.qty, service_id: serviceId, empty_cart: call.empty_cart },
    });
    shell.perform(cartFlow.send({ type: "added", item: cartItemOf(added.data) }).effects);
  } catch (error) {
    if (error instanceof Failure && error.status !== null) {
      shell.perform(cartFlow.send({ type: "add_failed", status: error.status, message: error.text }).effects);
    }
    throw error;
  }
  const cart = (await loadCart(api, serviceId)).cart;
  if (!cart) throw new Error("no cart after adding");
  checkTotals(cart);
  const line = cart.items.find((item) => item.product_id === product.id);
  say(`cart: ${line?.qty ?? qty} × ${line?.product?.name ?? product.name}; subtotal ${money(cart.price)}, tax ${money(cart.tax)}, delivery ${money(cart.delivery_price)}; cart total ${money(cart.cart_total)}`);
  return cart;
}

async function applyCoupon(api: Api, serviceId: number, code: string): Promise<Cart> {
  let answer: Answer<"/add_coupon", "post">;
  try {
    answer = await api.post("/add_coupon", { body: { coupon_code: code, service_id: serviceId } });
  } catch (error) {
    // The cart shows the failure (its toast), then the run stops with it.
    if (error instanceof Failure) shell.perform(cartFlow.send({ type: "request_failed", message: error.text }).effects);
    throw error;
  }
  const applied = answer.data;
  const rule = cartOf(applied.cart).coupon_rule;
  // The coupon's answer, as the core's cart reads it: the item it returns and the totals.
  const response: CouponResponse = {
    item: applied.item ? cartItemOf(applied.item) : null,
    coupon_id: applied.coupon_id ?? null,
    coupon_code: applied.coupon_code ?? null,
    coupon_rule: rule,
    totals: {
      price: parseMoney(applied.totals.price),
      coupon_discount: parseMoney(applied.totals.coupon_discount),
      tax: parseMoney(applied.totals.tax),
      delivery_price: parseMoney(applied.totals.delivery_price),
      total: parseMoney(applied.totals.total),
      cart_total: parseMoney(applied.totals.cart_total),
    },
    message: applied.message ?? answer.message ?? null,
  };
  const step = cartFlow.send({ type: "coupon_applied", response });
  shell.perform(step.effects);
  const next = step.view.cart;
  if (!next) throw new Error("no cart after the coupon");
  checkTotals(next);
  const below = unmetCouponMinimum(next);
  if (below !== null) say(`    (the coupon needs a subtotal of ${money(below)})`);
  if (next.coupon_code === null) throw new Error(`coupon ${code} was not applied`);
  say(`coupon ${next.coupon_code}: −${money(next.coupon_discount)}; cart total ${money(next.cart_total)}`);
  return next;
}

// ── Checkout and orders ───────────────────────────────────────────────────────────────

type PlacedOrder = Answer<"/order/checkout", "post">["data"];

async function checkOut(api: Api, serviceId: number, cart: Cart, mobile: string, place: Place): Promise<{ order: PlacedOrder; addressId: number }> {
  const delivery = cartDelivery(cart.items.length, (await api.get("/get_card", { query: { service_id: serviceId } })).data.delivers ?? null);
  if (delivery.notice) throw refused(delivery.notice);
  if (!delivery.can_check_out) throw new Error("the cart cannot be checked out");

  // A delivery address at the chosen place (checkout needs one).
  const address = { name: "Home", contact_name: "Mona Shopper", phone: mobile, address_details: place.address };
  for (const value of Object.values(address)) {
    const problem = checkField(value, { rule: "required" });
    if (problem) throw refused(problem);
  }
  const created = await api.post("/addresses", {
    body: { ...address, location: { latitude: place.latitude, longitude: place.longitude }, is_default: true },
  });
  const addressId = created.data.id;
  const noAddress = checkChoice({ choice: "address", address_id: addressId });
  if (noAddress) throw refused(noAddress);
  const terms = checkChoice({ choice: "privacy_terms_accepted", accepted: true });
  if (terms) throw refused(terms);

  const cash: PaymentSummary = { method: "cash", use_wallet: false, saved_card_id: null, save_card: false };
  // The order as the API sends it (its OpenAPI type); the rules get its status.
  const order = await placeOrder(api, serviceId, addressId, cash, null);
  say(
    `order #${order.number} placed: ${order.payment_method}, status ${order.status}, total ${money(order.total, order.currency)}` +
      (order.coupon ? `, coupon ${order.coupon} −${money(order.discount_coupon, order.currency)}` : "") +
      (order.delivery_code ? `, delivery code ${order.delivery_code}` : ""),
  );
  if (order.total !== cart.cart_total) throw new Error(`the order's total ${order.total} is not the cart's ${cart.cart_total}`);
  return { order, addressId };
}

/**
 * Pays the cart by card and asks the server to save the card (`save_card`): the card
 * form's rules are the core's (`checkField`: required, 16 digits, 2-digit year, 3-digit
 * CVV). The reference server's test gateway approves 4242 4242 4242 4242 and keeps the
 * card; only its token, brand, last four digits and expiry are stored.
 */
async function payByCard(api: Api, serviceId: number, cart: Cart, addressId: number, number: string): Promise<PlacedOrder> {
  // Valid through the end of its month: three years ahead is never expired.
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0");
  const card = { number, name: "Mona Shopper", exp_month: "12", exp_year: year, cvv: "123" };
  const rules = {
    number: [{ rule: "required" }, { rule: "card_number" }],
    name: [{ rule: "required" }],
    exp_month: [{ rule: "required" }],
    exp_year: [{ rule: "required" }, { rule: "expiry_year" }],
    cvv: [{ rule: "required" }, { rule: "cvv" }],
  } as const;
  for (const [field, checks] of Object.entries(rules)) {
    for (const rule of checks) {
      const problem = checkField(card[field as keyof typeof card], rule);
      if (problem) throw refused(problem);
    }
  }
  const byCard: PaymentSummary = { method: "card", use_wallet: false, saved_card_id: null, save_card: true };
  const order = await placeOrder(api, serviceId, addressId, byCard, card);
  say(
    `order #${order.number} placed: ${order.payment_method} ${order.payment_card ?? ""}, status ${order.status}, ` +
      `total ${money(order.total, order.currency)}; the card saved for next time`,
  );
  if (order.total !== cart.cart_total) throw new Error(`the order's total ${order.total} is not the cart's ${cart.cart_total}`);
  return order;
}

/**
 * Places an order through the core's checkout flow (`CheckoutFlow`): the flow is told
 * the address and the payment chosen (without the card: its values go with `place`
 * only), and asks for the `place_order` call with the attempt's idempotency key; its
 * answer goes back as `placed` or `placement_failed`, and on a refusal the flow's view
 * says which step it belongs to. Its screen effects (the success page) are passed over.
 */
async function placeOrder(
  api: Api,
  serviceId: number,
  addressId: number,
  payment: PaymentSummary,
  card: CardDetails | null,
): Promise<PlacedOrder> {
  // The server words its refusals from the core's catalogue: the flow matches them in our language.
  const flow = new CheckoutFlow((message) => messageText(message, LANGUAGE));
  try {
    flow.send({ type: "address_chosen", address_id: addressId }, Date.now());
    flow.send({ type: "address_done" }, Date.now());
    flow.send({ type: "payment_done", payment }, Date.now());
    const placing = flow.send({ type: "place", key: randomUUID(), card, cvv: null }, Date.now());
    const call = shell.performExpecting(placing.effects, "place_order");
    try {
      const placed = await api.post("/order/checkout", {
        body: checkoutBody(serviceId, call),
        headers: { "Idempotency-Key": call.idempotency_key },
      });
      shell.perform(flow.send({ type: "placed", order_id: placed.data.id }, Date.now()).effects);
      return placed.data;
    } catch (error) {
      if (error instanceof Failure) {
        const { view } = flow.send({ type: "placement_failed", status: error.status, fields: [...error.fields], text: error.text }, Date.now());
        say(`    (refused at the ${view.step} step)`);
      }
      throw error;
    }
  } finally {
    flow.free();
  }
}

/** The `POST /order/checkout` body of the order the flow asks for (the caller adds the service). */
function checkoutBody(serviceId: number, call: Extract<ApiCall, { call: "place_order" }>) {
  const order = call.order;
  // The flow asks about an open attempt only when told of one (`resume_asked`): never here.
  if (!order) throw new Error("the checkout flow asked about an earlier attempt");
  const base = { service_id: serviceId, address_id: order.address_id, payment_method: order.payment_method, use_wallet: order.use_wallet };
  if (order.saved_card_id !== null) return { ...base, saved_card_id: order.saved_card_id, cvv: order.cvv ?? "" };
  return { ...base, card: order.card, ...(order.card && order.save_card ? { save_card: true } : {}) };
}

/** The customer's saved cards (`GET /cards`, the default first), as the API labels them. */
async function listSavedCards(api: Api): Promise<void> {
  const cards = (await api.get("/cards")).data;
  if (cards.length === 0) throw new Error("the card paid with was not saved");
  for (const card of cards) {
    const expiry = `${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year % 100).padStart(2, "0")}`;
    say(`saved card: ${card.label} (${card.brand}, expires ${expiry}${card.is_default ? ", default" : ""}${card.expired ? ", expired" : ""})`);
  }
}

async function listOrder(api: Api, order: Answer<"/order/checkout", "post">["data"]): Promise<void> {
  const tab = orderTabOf(parseOrderStatus(order.status));
  const info = orderTabs().find((candidate) => candidate.tab === tab);
  if (!info) throw new Error(`an order in status ${order.status} is listed under no tab`);
  for (const [language, label] of [["en", "in English"], ["ar", "in Arabic"]] as const) {
    const page = await api.get("/orders", { query: { tab: info.key }, language });
    const summary = page.data.find((candidate) => candidate.number === order.number);
    if (!summary) throw new Error(`order #${order.number} is not in the ${info.key} tab (${language})`);
    const status = parseOrderStatus(summary.status);
    if (orderTabOf(status) !== info.tab) throw new Error(`order #${order.number} is ${status}, not a ${info.tab} order`);
    say(
      `order ${label}: #${summary.number}, status ${summary.status_label} (${status}, tab ${info.tab}), ` +
        `${summary.items_count} item(s) from ${summary.branch.name}, total ${money(summary.total)}` +
        (orderCanCancel(status) ? "; may still be cancelled" : ""),
    );
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof Failure) {
    console.error(`node-shopper: failed: ${textOf(error.text, LANGUAGE)}${error.status === null ? "" : ` (HTTP ${error.status})`}`);
  } else if (isCoreError(error)) {
    console.error(`node-shopper: the core refused an argument (${error.kind}): ${error.message}`);
  } else {
    console.error(`node-shopper: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
