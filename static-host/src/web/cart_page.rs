//! What a server-drawn `/cart` is filled with (issue 35): the customer's cart as the API
//! gave it (`GET /get_card`, asked with the credential cookie's token), read by the
//! core's cart model and rules, every number written as the app's `Intl` writes it.
//!
//! The template (the app's own cart screen, written in template mode) holds the words,
//! the currency's symbol and order and the plural forms; this gives it the values, under
//! the names the UI build's cart template reads (`cart.*`).

use serde_json::{Value, json};
use storefront_core::cart::{Cart, CartLine, compute_totals, unmet_coupon_minimum};
use storefront_core::delivery::cart_delivery;
use storefront_core::locale::{Language, amount_digits, count_digits, in_digits, plural_category};
use storefront_core::money::{Money, Sign};

/// The currency the templates are written in: a cart in another is drawn by the app.
pub const TEMPLATE_CURRENCY: &str = "EGP";

/// A quantity as the stepper's box writes it (`Intl.NumberFormat(locale, {useGrouping:
/// false})`).
fn quantity_text(count: u64, language: Language) -> String {
    in_digits(&count.to_string(), language)
}

/// The template's `cart`, or `None` when the answer is not a cart the templates can
/// show (unreadable, or priced in another currency): the app draws it then.
pub fn context(answer: &Value, language: Language) -> Option<Value> {
    let currency = answer.get("currency").and_then(Value::as_str);
    if currency.is_some_and(|c| c != TEMPLATE_CURRENCY) {
        return None;
    }
    let cart: Cart = serde_json::from_value(answer.clone()).ok()?;
    let delivers = answer.get("delivers").and_then(Value::as_bool);
    let items = u32::try_from(cart.items.len()).unwrap_or(u32::MAX);
    let delivery = cart_delivery(items, delivers);
    let money = |amount: Money| amount_digits(amount, language);
    let lines: Vec<Value> = cart
        .items
        .iter()
        .map(|item| {
            let product = item.product.as_ref();
            let name = product
                .map(|p| p.name.clone())
                .filter(|name| !name.is_empty())
                .unwrap_or_else(|| format!("#{}", item.product_id));
            // The line's total as the row computes it (the core's totals of that line).
            let line = [CartLine {
                price: item.price,
                qty: item.qty,
            }];
            let total = compute_totals(&line, &cart.pricing, None).price;
            json!({
                "product_id": item.product_id,
                "name": name,
                "image": product.and_then(|p| p.image.clone()),
                "qty": quantity_text(u64::from(item.qty), language),
                "price": money(item.price),
                "total": money(total),
                "total_value": total.to_string(),
                "favorite": item.favorite.0,
            })
        })
        .collect();
    let discounted = cart.coupon_discount.sign() != Sign::Zero;
    Some(json!({
        "empty": cart.items.is_empty(),
        // A plural message's `#`: grouped.
        "count": count_digits(u64::from(cart.items_quantity), language),
        "count_form": plural_category(u64::from(cart.items_quantity), language).as_str(),
        // As the page writes it (`branch_name ?? ""`).
        "shop": answer.get("branch_name").and_then(Value::as_str).unwrap_or(""),
        "delivery_notice": delivery.notice.map(|notice| notice.render(language)),
        "offer_empty": delivery.offer_empty,
        "can_check_out": delivery.can_check_out,
        "lines": lines,
        "coupon_code": cart.coupon_code,
        "coupon_minimum": unmet_coupon_minimum(&cart).map(money),
        "discounted": discounted,
        "price": money(cart.price),
        "coupon_discount": money(cart.coupon_discount),
        "tax": money(cart.tax),
        "free_delivery": !cart.items.is_empty() && cart.delivery_price.sign() == Sign::Zero,
        "delivery_price": money(cart.delivery_price),
        "cart_total": money(cart.cart_total),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer() -> Value {
        json!({
            "items": [
                {"id": 7, "key": "k7", "product_id": 12, "qty": 3, "price": "1250.50", "total": "3751.50",
                 "favorite": true, "message": null,
                 "order": {"price": "3751.50", "total": "3751.50", "cart_total": "3771.50", "tax": "0.00"},
                 "product": {"name": "Olive oil", "image": "/media/oil.webp", "min_qty": 1, "max_qty": 5, "stock": 9}},
                {"id": 8, "key": "k8", "product_id": 13, "qty": 1, "price": "9.99", "total": "9.99",
                 "favorite": false, "message": null,
                 "order": {"price": "3761.49", "total": "3761.49", "cart_total": "3781.49", "tax": "0.00"},
                 "product": {"name": "", "image": null}}
            ],
            "items_quantity": 4, "price": "3761.49", "total": "3761.49", "cart_total": "3781.49",
            "tax": "0.00", "coupon_id": null, "coupon_code": null, "coupon_discount": "0.00",
            "delivery_price": "20.00", "branch_id": 3, "branch_name": "Zamalek Market",
            "pricing": {"tax_rate_bp": 0, "delivery_fee": "20.00", "free_delivery": false, "free_delivery_over": null},
            "coupon_rule": null, "service_id": 1, "currency": "EGP", "delivers": true
        })
    }

    #[test]
    fn the_lines_and_totals_in_english() {
        let cart = context(&answer(), Language::En).unwrap();
        assert_eq!(cart["count"], "4");
        assert_eq!(cart["count_form"], "other");
        assert_eq!(cart["shop"], "Zamalek Market");
        assert_eq!(cart["delivery_notice"], Value::Null);
        assert_eq!(cart["can_check_out"], true);
        let lines = cart["lines"].as_array().unwrap();
        assert_eq!(lines[0]["name"], "Olive oil");
        assert_eq!(lines[0]["qty"], "3");
        assert_eq!(lines[0]["price"], "1,250.50");
        assert_eq!(lines[0]["total"], "3,751.50");
        assert_eq!(lines[0]["favorite"], true);
        // A product without a name is shown by its id, as the row does.
        assert_eq!(lines[1]["name"], "#13");
        assert_eq!(lines[1]["image"], Value::Null);
        assert_eq!(cart["price"], "3,761.49");
        assert_eq!(cart["delivery_price"], "20.00");
        assert_eq!(cart["free_delivery"], false);
        assert_eq!(cart["cart_total"], "3,781.49");
        assert_eq!(cart["discounted"], false);
    }

    #[test]
    fn arabic_digits_and_plural_forms() {
        let cart = context(&answer(), Language::Ar).unwrap();
        assert_eq!(cart["count"], "٤");
        assert_eq!(cart["count_form"], "few");
        assert_eq!(cart["lines"][0]["price"], "١٬٢٥٠٫٥٠");
        assert_eq!(cart["cart_total"], "٣٬٧٨١٫٤٩");
        let mut one = answer();
        one["items_quantity"] = json!(11);
        assert_eq!(context(&one, Language::Ar).unwrap()["count_form"], "many");
    }

    #[test]
    fn a_shop_that_does_not_deliver_here_says_so_in_the_core_s_words() {
        let mut refused = answer();
        refused["delivers"] = json!(false);
        let en = context(&refused, Language::En).unwrap();
        assert_eq!(en["can_check_out"], false);
        assert_eq!(en["offer_empty"], true);
        let notice = en["delivery_notice"].as_str().unwrap();
        assert!(!notice.is_empty());
        let ar = context(&refused, Language::Ar).unwrap();
        assert_ne!(ar["delivery_notice"].as_str().unwrap(), notice);
    }

    #[test]
    fn what_the_templates_cannot_show_is_left_to_the_app() {
        let mut dollars = answer();
        dollars["currency"] = json!("USD");
        assert_eq!(context(&dollars, Language::En), None);
        assert_eq!(context(&json!({"items": "none"}), Language::En), None);
        let empty = context(
            &json!({"items": [], "items_quantity": 0, "price": "0", "total": "0", "cart_total": "0",
                    "tax": "0", "currency": "EGP", "delivers": null}),
            Language::En,
        )
        .unwrap();
        assert_eq!(empty["empty"], true);
        assert_eq!(empty["free_delivery"], false);
    }
}
