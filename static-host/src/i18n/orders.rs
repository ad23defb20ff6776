//! The order flow's messages in English and Arabic, part of the server's one
//! catalogue (the spec's wording comes from the core catalogue through [`core_text`]).

use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};
use storefront_core::orders::OrderStatus;

use crate::i18n::Msg;

/// A message of the cart, checkout, orders and returns calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderMsg {
    AddedToCart,
    CartUpdated,
    ItemRemoved,
    CouponApplied,
    CouponRemoved,
    CouponUnknown,
    CouponExpired,
    CouponInactive,
    /// The customer used this coupon as often as it allows.
    CouponUsedByCustomer,
    /// The coupon was used as often as it allows, by everyone.
    CouponUsedUp,
    /// `amount`: decimal string in EGP.
    CouponMinimum {
        amount: String,
    },
    ShopClosed,
    BelowShopMinimum {
        amount: String,
    },
    CartChanged,
    WalletAboveTotal,
    OrderPlaced,
    OrderCancelled,
    CannotCancel,
    StatusRefused {
        from: OrderStatus,
        to: OrderStatus,
    },
    CannotReturn,
    ReturnRequested,
    ReturnQuantity {
        max: i64,
    },
    DuplicateItem,
    PickupDate {
        days: i64,
    },
    PickupTime,
    /// The `Idempotency-Key` header of `POST /order/checkout` is not 1 to 255 visible
    /// ASCII characters.
    IdempotencyKey,
}

/// A message of the core catalogue (the spec's wording) in a language.
pub fn core_text(id: MessageId, lang: Language) -> String {
    Msg::from(id).text(lang)
}

/// A core message with parameters in a language.
pub fn core_message(message: Message, lang: Language) -> String {
    Msg::from(message).text(lang)
}

/// The name of a status as people read it.
pub fn status_label(status: OrderStatus, lang: Language) -> &'static str {
    let (en, ar) = match status {
        OrderStatus::Draft => ("Draft", "مسودة"),
        OrderStatus::Pending => ("Pending", "قيد الانتظار"),
        OrderStatus::Processing => ("Processing", "قيد التجهيز"),
        OrderStatus::Shipped => ("Shipped", "تم الشحن"),
        OrderStatus::OutForDelivery => ("Out for delivery", "خرج للتوصيل"),
        OrderStatus::Delivered => ("Delivered", "تم التوصيل"),
        OrderStatus::InReturn => ("Return requested", "قيد الإرجاع"),
        OrderStatus::ReturnReceived => ("Return received", "تم استلام المرتجع"),
        OrderStatus::Returned => ("Returned", "تم الإرجاع"),
        OrderStatus::OnHold => ("On hold", "معلّق"),
        OrderStatus::Rejected => ("Rejected", "مرفوض"),
        OrderStatus::Cancelled => ("Cancelled", "ملغي"),
        OrderStatus::Unknown => ("Unknown", "غير معروف"),
    };
    match lang {
        Language::En => en,
        Language::Ar => ar,
    }
}

impl OrderMsg {
    pub fn text(&self, lang: Language) -> String {
        let ar = lang == Language::Ar;
        let pick = |en: &str, ar_text: &str| {
            if ar {
                ar_text.to_owned()
            } else {
                en.to_owned()
            }
        };
        match self {
            OrderMsg::AddedToCart => pick("Added to cart", "تمت الإضافة إلى السلة"),
            OrderMsg::CartUpdated => pick("Cart updated", "تم تحديث السلة"),
            OrderMsg::ItemRemoved => pick("Item removed from cart", "تمت إزالة المنتج من السلة"),
            OrderMsg::CouponApplied => pick("Coupon applied", "تم تطبيق الكوبون"),
            OrderMsg::CouponRemoved => pick("Coupon removed", "تمت إزالة الكوبون"),
            OrderMsg::CouponUnknown => pick(
                "This coupon code is not valid.",
                "رمز الكوبون هذا غير صالح.",
            ),
            OrderMsg::CouponExpired => pick("This coupon has expired.", "انتهت صلاحية هذا الكوبون."),
            OrderMsg::CouponInactive => pick("This coupon is not active.", "هذا الكوبون غير مفعّل."),
            OrderMsg::CouponUsedByCustomer => pick(
                "You have already used this coupon.",
                "لقد استخدمت هذا الكوبون من قبل.",
            ),
            OrderMsg::CouponUsedUp => pick(
                "This coupon has reached its usage limit.",
                "وصل هذا الكوبون إلى الحد الأقصى لعدد مرات الاستخدام.",
            ),
            OrderMsg::CouponMinimum { amount } => {
                if ar {
                    format!("يتطلب هذا الكوبون طلبًا بقيمة {amount} جنيه على الأقل.")
                } else {
                    format!("This coupon needs an order of at least {amount} EGP.")
                }
            }
            OrderMsg::ShopClosed => pick(
                "This shop is not taking orders now.",
                "هذا المتجر لا يستقبل طلبات حاليًا.",
            ),
            OrderMsg::BelowShopMinimum { amount } => {
                if ar {
                    format!("الحد الأدنى للطلب من هذا المتجر هو {amount} جنيه.")
                } else {
                    format!("The minimum order for this shop is {amount} EGP.")
                }
            }
            OrderMsg::CartChanged => pick(
                "Your cart changed while you were paying. Please review it and try again.",
                "تغيرت سلتك أثناء الدفع. يرجى مراجعتها والمحاولة مرة أخرى.",
            ),
            OrderMsg::WalletAboveTotal => pick(
                "The wallet amount cannot be more than the order total.",
                "لا يمكن أن يزيد المبلغ المستخدم من المحفظة عن إجمالي الطلب.",
            ),
            OrderMsg::OrderPlaced => pick("Your order has been placed.", "تم تقديم طلبك بنجاح."),
            OrderMsg::OrderCancelled => pick("Your order has been cancelled.", "تم إلغاء طلبك."),
            OrderMsg::CannotCancel => pick(
                "This order can no longer be cancelled.",
                "لم يعد من الممكن إلغاء هذا الطلب.",
            ),
            OrderMsg::StatusRefused { from, to } => {
                let (from, to) = (status_label(*from, lang), status_label(*to, lang));
                if ar {
                    format!("لا يمكن نقل الطلب من حالة «{from}» إلى «{to}».")
                } else {
                    format!("An order cannot go from {from} to {to}.")
                }
            }
            OrderMsg::CannotReturn => pick(
                "This order can no longer be returned.",
                "لم يعد من الممكن إرجاع هذا الطلب.",
            ),
            OrderMsg::ReturnRequested => pick(
                "Your return request has been received.",
                "تم استلام طلب الإرجاع.",
            ),
            OrderMsg::ReturnQuantity { max } => {
                if ar {
                    format!("يمكنك إرجاع {max} على الأكثر من هذا المنتج.")
                } else {
                    format!("You can return at most {max} of this item.")
                }
            }
            OrderMsg::DuplicateItem => pick(
                "This item is listed more than once.",
                "هذا المنتج مذكور أكثر من مرة.",
            ),
            OrderMsg::PickupDate { days } => {
                if ar {
                    format!(
                        "اختر تاريخ استلام من الغد وحتى {days} يومًا من اليوم (بصيغة YYYY-MM-DD)."
                    )
                } else {
                    format!(
                        "Choose a pickup date from tomorrow up to {days} days ahead (YYYY-MM-DD)."
                    )
                }
            }
            OrderMsg::PickupTime => pick(
                "Choose a pickup time between 09:00 and 21:00 (HH:MM).",
                "اختر وقت استلام بين 09:00 و21:00 (بصيغة HH:MM).",
            ),
            OrderMsg::IdempotencyKey => pick(
                "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
                "يجب أن تتكون ترويسة Idempotency-Key من 1 إلى 255 حرفًا مرئيًا من حروف ASCII.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_both_languages() {
        let all = [
            OrderMsg::AddedToCart,
            OrderMsg::CartUpdated,
            OrderMsg::ItemRemoved,
            OrderMsg::CouponApplied,
            OrderMsg::CouponRemoved,
            OrderMsg::CouponUnknown,
            OrderMsg::CouponExpired,
            OrderMsg::CouponInactive,
            OrderMsg::CouponUsedByCustomer,
            OrderMsg::CouponUsedUp,
            OrderMsg::CouponMinimum {
                amount: "100.00".into(),
            },
            OrderMsg::ShopClosed,
            OrderMsg::BelowShopMinimum {
                amount: "50.00".into(),
            },
            OrderMsg::CartChanged,
            OrderMsg::WalletAboveTotal,
            OrderMsg::OrderPlaced,
            OrderMsg::OrderCancelled,
            OrderMsg::CannotCancel,
            OrderMsg::StatusRefused {
                from: OrderStatus::Delivered,
                to: OrderStatus::Pending,
            },
            OrderMsg::CannotReturn,
            OrderMsg::ReturnRequested,
            OrderMsg::ReturnQuantity { max: 2 },
            OrderMsg::DuplicateItem,
            OrderMsg::PickupDate { days: 7 },
            OrderMsg::PickupTime,
            OrderMsg::IdempotencyKey,
        ];
        for msg in all {
            let (en, ar) = (msg.text(Language::En), msg.text(Language::Ar));
            assert!(!en.is_empty() && !ar.is_empty());
            assert_ne!(en, ar, "{msg:?}");
            assert!(
                ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
                "{msg:?}"
            );
        }
        assert_eq!(
            OrderMsg::StatusRefused {
                from: OrderStatus::Delivered,
                to: OrderStatus::Pending
            }
            .text(Language::En),
            "An order cannot go from Delivered to Pending."
        );
        assert_eq!(
            core_text(MessageId::PaymentFailed, Language::En),
            "An error occured while processing your payment, please try again later"
        );
    }
}
