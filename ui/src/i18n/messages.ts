import type { Language } from "storefront-core";
import { mergeCatalogues } from "./catalogue";
import app from "./app.messages";
import chrome from "../features/chrome/messages";
import catalogueMessages from "../features/catalogue/messages";
import authMessages from "../features/auth/messages";
import locationMessages from "../features/location/messages";
import cartMessages from "../features/cart/messages";
import checkoutMessages from "../features/checkout/messages";
import accountMessages from "../features/account/messages";

/** Every UI string, en + ar, merged from the feature catalogues. */
export const messages: Record<Language, Record<string, string>> = mergeCatalogues(app, chrome, catalogueMessages, authMessages, locationMessages, cartMessages, checkoutMessages, accountMessages);
