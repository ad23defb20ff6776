//! Every user-facing message the rules produce, as a stable id with parameters.
//!
//! Clients render a [`Message`] in the reader's language. The English texts are the
//! spec's wording verbatim (spec 4, 5, 8), spelling included ("occured"). Placeholders
//! use the ICU `{name}` syntax, so a catalogue from [`catalogue`] drops straight into
//! react-intl or any ICU formatter.

use std::collections::BTreeMap;

use crate::locale::{Language, in_digits};
use serde::{Deserialize, Serialize};

macro_rules! messages {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal { en: $en:literal, ar: $ar:literal } )*) => {
        /// Stable identifier of a message; serialised as its snake_case id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum MessageId {
            $( $(#[$doc])* #[serde(rename = $id)] $variant, )*
        }

        impl MessageId {
            /// Every message id, in declaration order.
            pub const ALL: &'static [MessageId] = &[$(MessageId::$variant,)*];

            /// The id as serialised and used as a catalogue key.
            pub fn as_str(self) -> &'static str {
                match self { $(MessageId::$variant => $id,)* }
            }

            /// The message template in a language, with `{name}` placeholders.
            pub fn template(self, language: Language) -> &'static str {
                match (self, language) {
                    $( (MessageId::$variant, Language::En) => $en,
                       (MessageId::$variant, Language::Ar) => $ar, )*
                }
            }
        }
    };
}

messages! {
    // Validation (spec 5).
    Required = "required" { en: "Required", ar: "مطلوب" }
    FieldRequired = "field_required" { en: "This field is required", ar: "هذا الحقل مطلوب" }
    InvalidEmail = "invalid_email" { en: "Invalid email", ar: "بريد إلكتروني غير صالح" }
    EmailFormat = "email_format" {
        en: "Email Format is wrong right format is {email}",
        ar: "صيغة البريد الإلكتروني خاطئة، الصيغة الصحيحة هي {email}"
    }
    OnlyNumber = "only_number" { en: "Only number", ar: "أرقام فقط" }
    PhoneInvalid = "phone_invalid" { en: "Phone Number is Invalid", ar: "رقم الهاتف غير صالح" }
    TooShort = "too_short" {
        en: "Too Short! The minimum character is {len}",
        ar: "قصير جدًا! الحد الأدنى لعدد الأحرف هو {len}"
    }
    TooLong = "too_long" {
        en: "Too long! The maximum character is {len}",
        ar: "طويل جدًا! الحد الأقصى لعدد الأحرف هو {len}"
    }
    CommentTooLong = "comment_too_long" {
        en: "Too long! The maximum character is {len} in Comment",
        ar: "طويل جدًا! الحد الأقصى لعدد الأحرف في التعليق هو {len}"
    }
    PasswordsMustMatch = "passwords_must_match" { en: "Passwords must match", ar: "يجب أن تتطابق كلمتا المرور" }
    PasswordRule = "password_rule" {
        en: "Use 8 or more characters with a mix of letters, numbers & symbols",
        ar: "استخدم 8 أحرف أو أكثر تجمع بين الحروف والأرقام والرموز"
    }
    OnlyUrl = "only_url" { en: "Only URL", ar: "يُسمح بالروابط فقط" }
    PhoneRequired = "phone_required" {
        en: "Verify your phone number before your first order.",
        ar: "أكّد رقم هاتفك قبل طلبك الأول."
    }
    BirthdateInvalid = "birthdate_invalid" {
        en: "Choose a valid date of birth from the list",
        ar: "اختر تاريخ ميلاد صحيحًا من القائمة"
    }
    GreaterThanZero = "greater_than_zero" { en: "Must be greater than 0", ar: "يجب أن تكون القيمة أكبر من 0" }
    CardNumberDigits = "card_number_digits" { en: "Card number must be 16 digits", ar: "يجب أن يتكون رقم البطاقة من 16 رقمًا" }
    CvvDigits = "cvv_digits" { en: "CVV must be 3 digits", ar: "يجب أن يتكون رمز التحقق (CVV) من 3 أرقام" }
    YearDigits = "year_digits" { en: "Year must be 2 digits", ar: "يجب أن تتكون السنة من رقمين" }
    // A card number of the right length whose check digit is wrong (a typo), issue 36.
    CardNumberInvalid = "card_number_invalid" { en: "This card number is not valid", ar: "رقم البطاقة غير صالح" }
    ExpiryMonthInvalid = "expiry_month_invalid" { en: "Month must be between 1 and 12", ar: "يجب أن يكون الشهر بين 1 و12" }
    AcceptPrivacyTerms = "accept_privacy_terms" {
        en: "Please accept the privacy policy and the terms and conditions",
        ar: "يرجى الموافقة على سياسة الخصوصية والشروط والأحكام"
    }
    ChooseAnAddress = "choose_an_address" { en: "please choose an address", ar: "يرجى اختيار عنوان" }
    ChooseALocation = "choose_a_location" { en: "please choose a location", ar: "يرجى اختيار موقع" }
    ChooseProductToReturn = "choose_product_to_return" {
        en: "you should at least choose a product to return",
        ar: "يجب أن تختار منتجًا واحدًا على الأقل لإرجاعه"
    }
    DefaultAddressDelete = "default_address_delete" {
        en: "You cannot delete your default address. Please select a different address as your default address before deleting this one.",
        ar: "لا يمكنك حذف عنوانك الافتراضي. يرجى اختيار عنوان آخر كعنوان افتراضي قبل حذف هذا العنوان."
    }
    ImageOnly = "image_only" { en: "Only image files are allowed", ar: "يُسمح بملفات الصور فقط" }

    // Guards and the sign-in flow (spec 2, 4).
    PleaseChooseAddress = "please_choose_address" { en: "Please choose an address", ar: "يرجى اختيار عنوان" }
    OtpSent = "otp_sent" { en: "Otp sent to your mobile", ar: "تم إرسال رمز التحقق إلى هاتفك" }
    OtpVerified = "otp_verified" { en: "Otp verified successfully", ar: "تم التحقق من الرمز بنجاح" }
    OtpVerifiedRegister = "otp_verified_register" {
        en: "Otp verified, Complete your registration",
        ar: "تم التحقق من الرمز، أكمل تسجيلك"
    }
    AccountCreated = "account_created" { en: "Account Created Successfully", ar: "تم إنشاء الحساب بنجاح" }
    // Arabic counts take a different noun form for 1, 2, 3–10 and 11–99 (ICU plural),
    // and '#' writes the number in the page's Arabic-Indic digits.
    WaitBeforeResend = "wait_before_resend" {
        en: "Wait {seconds} seconds before resending!",
        ar: "انتظر {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}} قبل إعادة الإرسال!"
    }

    // Errors (spec 8).
    ValidationError = "validation_error" { en: "Validation error occurred.", ar: "حدث خطأ في التحقق من البيانات." }
    BadRequest = "bad_request" { en: "Bad request error occurred.", ar: "حدث خطأ في الطلب." }
    GenericError = "generic_error" { en: "An error occurred.", ar: "حدث خطأ." }
    NoResponse = "no_response" { en: "No response received from server.", ar: "لم يتم تلقي أي استجابة من الخادم." }
    Offline = "offline" {
        en: "You are offline. This needs an internet connection; nothing was lost, so try again when you are back online.",
        ar: "أنت غير متصل بالإنترنت. يحتاج هذا إلى اتصال؛ لم يُفقد شيء، فحاول مرة أخرى عند عودة الاتصال."
    }
    ErrorWithMessage = "error_with_message" { en: "Error: {message}", ar: "خطأ: {message}" }
    ServiceIdRequired = "service_id_required" { en: "Service ID is required.", ar: "معرّف الخدمة مطلوب." }
    MissingPageOrServiceId = "missing_page_or_service_id" {
        en: "Missing page or service_id in payload",
        ar: "رقم الصفحة أو service_id غير موجود في الطلب"
    }
    LoadingFailed = "loading_failed" { en: "Loading failed! Please reload.", ar: "فشل التحميل! يرجى إعادة تحميل الصفحة." }
    PaymentFailed = "payment_failed" {
        en: "An error occured while processing your payment, please try again later",
        ar: "حدث خطأ أثناء معالجة الدفع، يرجى المحاولة مرة أخرى لاحقًا"
    }
    BalanceNotSufficient = "balance_not_sufficient" { en: "Balance Not Sufficient", ar: "الرصيد غير كافٍ" }
    NotEnoughStock = "not_enough_stock" { en: "There is not enough stock available.", ar: "لا يتوفر مخزون كافٍ." }
    ItemUnavailable = "item_unavailable" { en: "This item is unavailable", ar: "هذا المنتج غير متوفر" }
    NoDeliveryToLocation = "no_delivery_to_location" { en: "We Don't Deliver To Your Location", ar: "لا نقوم بالتوصيل إلى موقعك" }
    LocationNotSupported = "location_not_supported" { en: "Location not supported", ar: "الموقع غير مدعوم" }
    MinQuantityReached = "min_quantity_reached" { en: "Min Quantity Reached", ar: "تم الوصول إلى الحد الأدنى للكمية" }
    MaxQuantityReached = "max_quantity_reached" { en: "Max Quantity Reached", ar: "تم الوصول إلى الحد الأقصى للكمية" }
    AreaNotServed = "area_not_served" {
        en: "Sorry, we don't deliver to your area now!",
        ar: "عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!"
    }
    DifferentShop = "different_shop" {
        en: "There are items from different shop in your cart. Would you like to empty your cart to add this item?",
        ar: "توجد في سلتك منتجات من متجر آخر. هل تريد إفراغ السلة لإضافة هذا المنتج؟"
    }

    // Empty states and the location picker (spec 4, 8).
    AddSearchText = "add_search_text" { en: "please add search text", ar: "يرجى إدخال نص للبحث" }
    NoOrders = "no_orders" { en: "no orders available", ar: "لا توجد طلبات" }
    NoAddresses = "no_addresses" { en: "no address available", ar: "لا توجد عناوين" }
    CartEmpty = "cart_empty" { en: "You don't have any product", ar: "ليس لديك أي منتج" }
    NoCredits = "no_credits" { en: "No credits available", ar: "لا يوجد رصيد متاح" }
    NoSubcategories = "no_subcategories" {
        en: "No subcategories available at the moment for this category",
        ar: "لا توجد فئات فرعية لهذه الفئة في الوقت الحالي"
    }
    MapNoResults = "map_no_results" { en: "no results found", ar: "لم يتم العثور على نتائج" }
    MapSearching = "map_searching" { en: "searching", ar: "جارٍ البحث" }
    MapStartTyping = "map_start_typing" { en: "start typing", ar: "ابدأ الكتابة" }
    ChooseLocation = "choose_location" { en: "Choose location", ar: "اختر الموقع" }
    PickThisAddress = "pick_this_address" { en: "Pick this address", ar: "اختر هذا العنوان" }
    // Spec 9's delivery promise, "two days", said on a product that can be ordered.
    DeliveryPromise = "delivery_promise" { en: "Delivery within two days", ar: "التوصيل خلال يومين" }
    CheckingLocation = "checking_location" { en: "Checking location…", ar: "جارٍ التحقق من الموقع…" }

    // Product reviews (issue 36).
    RatingRequired = "rating_required" { en: "Please choose a rating", ar: "يرجى اختيار تقييم" }
    RatingOutOfRange = "rating_out_of_range" {
        en: "The rating must be from 1 to 5 stars",
        ar: "يجب أن يكون التقييم من 1 إلى 5 نجوم"
    }
    ReviewCommentTooLong = "review_comment_too_long" {
        en: "Your review is too long. The maximum is {len, plural, one {# character} other {# characters}}.",
        ar: "مراجعتك طويلة جدًا. الحد الأقصى هو {len, plural, zero {# حرف} one {حرف واحد} two {حرفان} few {# أحرف} many {# حرفًا} other {# حرف}}."
    }
    ReviewCommentControlCharacters = "review_comment_control_characters" {
        en: "Your review contains invisible characters that are not allowed",
        ar: "تحتوي مراجعتك على رموز غير مرئية لا يُسمح بها"
    }
    AlreadyReviewed = "already_reviewed" {
        en: "You have already reviewed this product",
        ar: "لقد كتبت مراجعة لهذا المنتج من قبل"
    }
    ReviewRequiresDelivery = "review_requires_delivery" {
        en: "You can review this product after it has been delivered to you",
        ar: "يمكنك كتابة مراجعة لهذا المنتج بعد توصيله إليك"
    }
    // Shown in place of a reviewer without a name (never their phone or e-mail).
    ReviewerAnonymous = "reviewer_anonymous" { en: "A customer", ar: "أحد العملاء" }

    // Saved payment cards (issue 36).
    CardExpired = "card_expired" { en: "This card has expired", ar: "انتهت صلاحية هذه البطاقة" }
    // A checkout's `saved_card_id` that names no card of the customer: deleted in another
    // tab, or another customer's (the same words, so the two cannot be told apart).
    SavedCardUnavailable = "saved_card_unavailable" {
        en: "This saved card is no longer available. Choose another card or use a new one.",
        ar: "لم تعد هذه البطاقة المحفوظة متاحة. اختر بطاقة أخرى أو استخدم بطاقة جديدة."
    }
    SavedCardsLimit = "saved_cards_limit" {
        en: "You can save up to {max, plural, one {# card} other {# cards}}. Remove a saved card to add a new one.",
        ar: "يمكنك حفظ {max, plural, zero {# بطاقة} one {بطاقة واحدة} two {بطاقتين} few {# بطاقات} many {# بطاقة} other {# بطاقة}} كحد أقصى. احذف بطاقة محفوظة لإضافة بطاقة جديدة."
    }
}

/// A message id with its parameters, e.g. `too_long {len: "200"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Message {
    pub id: MessageId,
    #[serde(default)]
    pub params: BTreeMap<String, String>,
}

impl Message {
    pub fn new(id: MessageId) -> Self {
        Self {
            id,
            params: BTreeMap::new(),
        }
    }

    /// Adds a parameter; numbers and text alike are carried as text.
    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        self.params.insert(name.to_owned(), value.to_string());
        self
    }

    /// The message in a language, placeholders filled. A missing parameter leaves its
    /// placeholder visible rather than failing. Templates are the ICU subset the
    /// catalogue uses: `{name}` and `{name, plural, one {…} other {…}}` with `#`.
    pub fn render(&self, language: Language) -> String {
        let mut out = String::with_capacity(self.id.template(language).len() + 16);
        render_into(
            &mut out,
            self.id.template(language),
            &self.params,
            language,
            None,
        );
        out
    }

    /// English text, as the spec words it.
    pub fn english(&self) -> String {
        self.render(Language::En)
    }
}

impl From<MessageId> for Message {
    fn from(id: MessageId) -> Self {
        Message::new(id)
    }
}

/// What a client shows: one of our messages, or text that came from the server as is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Text {
    Message(Message),
    Server { text: String },
}

impl Text {
    pub fn render(&self, language: Language) -> String {
        match self {
            Text::Message(message) => message.render(language),
            Text::Server { text } => text.clone(),
        }
    }
}

impl From<MessageId> for Text {
    fn from(id: MessageId) -> Self {
        Text::Message(Message::new(id))
    }
}

impl From<Message> for Text {
    fn from(message: Message) -> Self {
        Text::Message(message)
    }
}

/// Writes `template` with its arguments filled; `count` is the number a plural branch
/// writes for `#` (already in the language's digits).
fn render_into(
    out: &mut String,
    template: &str,
    params: &BTreeMap<String, String>,
    language: Language,
    count: Option<&str>,
) {
    let mut rest = template;
    loop {
        let next = rest.find(['{', '#']);
        let Some(at) = next else {
            out.push_str(rest);
            return;
        };
        out.push_str(&rest[..at]);
        if rest[at..].starts_with('#') {
            out.push_str(count.unwrap_or("#"));
            rest = &rest[at + 1..];
            continue;
        }
        let Some(len) = balanced(&rest[at..]) else {
            out.push_str(&rest[at..]);
            return;
        };
        let whole = &rest[at..at + len];
        let inner = &whole[1..len - 1];
        let mut parts = inner.splitn(3, ',');
        let name = parts.next().unwrap_or_default().trim();
        let value = params.get(name);
        match (parts.next().map(str::trim), parts.next(), value) {
            (None, _, Some(value)) => out.push_str(value),
            (Some("plural"), Some(options), Some(value)) => {
                let branch = plural_branch(options, plural_category(value, language));
                let shown = in_digits(value, language);
                render_into(
                    out,
                    branch.unwrap_or(&shown),
                    params,
                    language,
                    Some(&shown),
                );
            }
            _ => out.push_str(whole),
        }
        rest = &rest[at + len..];
    }
}

/// The length of the `{…}` group `text` starts with, nested groups included.
fn balanced(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The branch of `key {body} key {body}…` for `category`, else its `other` branch.
fn plural_branch<'t>(options: &'t str, category: &str) -> Option<&'t str> {
    let mut rest = options;
    let mut other = None;
    while let Some(open) = rest.find('{') {
        let key = rest[..open].trim();
        let len = balanced(&rest[open..])?;
        let body = &rest[open + 1..open + len - 1];
        if key == category {
            return Some(body);
        }
        if key == "other" {
            other = Some(body);
        }
        rest = &rest[open + len..];
    }
    other
}

/// CLDR's cardinal plural category of a whole number (anything else is `other`).
fn plural_category(value: &str, language: Language) -> &'static str {
    match value.trim().parse::<u64>() {
        Ok(n) => crate::locale::plural_category(n, language).as_str(),
        Err(_) => "other",
    }
}

/// The argument names a template uses, in order (a plural's included once).
pub fn template_arguments(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        let Some(len) = balanced(&rest[at..]) else {
            break;
        };
        let inner = &rest[at + 1..at + len - 1];
        names.push(inner.split(',').next().unwrap_or_default().trim());
        rest = &rest[at + len..];
    }
    names
}

/// Every template of a language keyed by id: an ICU catalogue for react-intl.
pub fn catalogue(language: Language) -> BTreeMap<&'static str, &'static str> {
    let mut templates = BTreeMap::new();
    for id in MessageId::ALL {
        templates.insert(id.as_str(), id.template(language));
    }
    templates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_wording_is_verbatim() {
        let cases = [
            (MessageId::PleaseChooseAddress, "Please choose an address"),
            (
                MessageId::OtpVerifiedRegister,
                "Otp verified, Complete your registration",
            ),
            (MessageId::ValidationError, "Validation error occurred."),
            (
                MessageId::PaymentFailed,
                "An error occured while processing your payment, please try again later",
            ),
            (
                MessageId::DifferentShop,
                "There are items from different shop in your cart. Would you like to empty your cart to add this item?",
            ),
            (MessageId::CartEmpty, "You don't have any product"),
            (MessageId::LoadingFailed, "Loading failed! Please reload."),
        ];
        for (id, text) in cases {
            assert_eq!(Message::new(id).english(), text);
        }
    }

    #[test]
    fn parameters_fill_placeholders_in_both_languages() {
        let message = Message::new(MessageId::WaitBeforeResend).with("seconds", 42);
        assert_eq!(message.english(), "Wait 42 seconds before resending!");
        assert_eq!(
            message.render(Language::Ar),
            "انتظر ٤٢ ثانية قبل إعادة الإرسال!"
        );
        let comment = Message::new(MessageId::CommentTooLong).with("len", 200);
        assert_eq!(
            comment.english(),
            "Too long! The maximum character is 200 in Comment"
        );
    }

    #[test]
    fn the_arabic_countdown_takes_the_plural_form_and_arabic_digits() {
        let wait = |seconds: u64| {
            Message::new(MessageId::WaitBeforeResend)
                .with("seconds", seconds)
                .render(Language::Ar)
        };
        assert_eq!(wait(1), "انتظر ثانية واحدة قبل إعادة الإرسال!");
        assert_eq!(wait(2), "انتظر ثانيتين قبل إعادة الإرسال!");
        assert_eq!(wait(5), "انتظر ٥ ثوانٍ قبل إعادة الإرسال!");
        assert_eq!(wait(10), "انتظر ١٠ ثوانٍ قبل إعادة الإرسال!");
        assert_eq!(wait(11), "انتظر ١١ ثانية قبل إعادة الإرسال!");
        assert_eq!(wait(60), "انتظر ٦٠ ثانية قبل إعادة الإرسال!");
        assert_eq!(
            Message::new(MessageId::WaitBeforeResend)
                .with("seconds", 5)
                .english(),
            "Wait 5 seconds before resending!"
        );
    }

    #[test]
    fn plural_arguments_count_once_and_a_missing_one_stays_visible() {
        let ar = MessageId::WaitBeforeResend.template(Language::Ar);
        assert_eq!(template_arguments(ar), vec!["seconds"]);
        assert!(
            Message::new(MessageId::WaitBeforeResend)
                .render(Language::Ar)
                .contains("{seconds, plural,")
        );
    }

    #[test]
    fn missing_parameters_stay_visible() {
        assert_eq!(
            Message::new(MessageId::TooShort).english(),
            "Too Short! The minimum character is {len}"
        );
    }

    #[test]
    fn ids_are_unique_and_every_message_has_both_languages() {
        let mut seen = std::collections::BTreeSet::new();
        for id in MessageId::ALL {
            assert!(seen.insert(id.as_str()), "duplicate id {}", id.as_str());
            assert!(!id.template(Language::En).is_empty());
            let ar = id.template(Language::Ar);
            assert!(
                ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
                "{} has no Arabic",
                id.as_str()
            );
            assert_eq!(
                template_arguments(id.template(Language::En)),
                template_arguments(ar),
                "{}",
                id.as_str()
            );
        }
        assert_eq!(catalogue(Language::En).len(), MessageId::ALL.len());
    }

    #[test]
    fn serialises_as_id_and_params() {
        let text: Text = Message::new(MessageId::TooLong).with("len", 20).into();
        assert_eq!(
            serde_json::to_value(&text).unwrap(),
            serde_json::json!({"kind": "message", "id": "too_long", "params": {"len": "20"}})
        );
        let server = Text::Server {
            text: "Invalid code".into(),
        };
        assert_eq!(
            serde_json::to_value(&server).unwrap(),
            serde_json::json!({"kind": "server", "text": "Invalid code"})
        );
        let back: Text = serde_json::from_value(
            serde_json::json!({"kind": "message", "id": "otp_sent", "params": {}}),
        )
        .unwrap();
        assert_eq!(back, Text::from(MessageId::OtpSent));
    }
}
