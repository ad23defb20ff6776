//! The server's one message catalogue, in English and Arabic: [`Msg`] for the API
//! at large and [`orders::OrderMsg`] for the cart, checkout, orders and returns. The
//! `Language` request header picks the language. Where the spec words a message, the
//! core catalogue's text is used ([`Msg::Core`]) so server and client say the same
//! thing. Tests check that every message of both exists in both languages.

pub mod columns;
pub mod orders;

use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};

/// The request's language: its `Language` header (`en` or `ar`), English when it
/// is missing or names neither. Read here, below every middleware, so the limits
/// and the disk floor answer in it without reaching for the extractors.
pub fn language_of_headers(headers: &axum::http::HeaderMap) -> Language {
    headers
        .get("language")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| Language::parse(v).ok())
        .unwrap_or_default()
}

/// A message the API sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// A message of the core catalogue (the spec's wording).
    Core(Message),
    NotFound,
    /// The not-found page's title and text (the app's own words, for its head).
    PageNotFound,
    PageNotFoundBody,
    Unauthenticated,
    InvalidJson,
    ExpectedJson,
    BodyTooLarge {
        max_kb: usize,
    },
    FieldRequired {
        field: String,
    },
    FieldType {
        field: String,
    },
    InvalidChoice {
        field: String,
    },
    OutOfRange {
        field: String,
        min: i64,
        max: i64,
    },
    ChannelDisabled,
    EmailCodeSent,
    CodeIncorrect,
    CodeExpired,
    TooManyAttempts,
    TooManyCodes {
        minutes: u64,
    },
    /// New codes for a target are paused after repeated wrong tries.
    CodesPaused {
        hours: u64,
    },
    /// The target's live code was asked for by another client.
    CodeOtherClient,
    /// A rate limit (429) was reached.
    RateLimited {
        seconds: u64,
    },
    AlreadyRegistered,
    EmailTaken,
    NoAccountForEmail,
    ResetCodeSent,
    PasswordReset,
    PasswordUpdated,
    CurrentPasswordWrong,
    ProfileUpdated,
    SettingsUpdated,
    LoggedOut,
    Uploaded,
    FileTooLarge {
        max_mb: usize,
    },
    MultipartExpected,
    LocationSupported,
    // Account areas.
    AddressCreated,
    AddressUpdated,
    AddressDeleted,
    DefaultAddressSet,
    TooManyAddresses {
        max: usize,
    },
    FavoriteAdded,
    FavoriteRemoved,
    ContactReceived,
    TooManyContactMessages,
    SupportReceived {
        id: i64,
    },
    NotificationRead,
    NotificationsAllRead,
    MethodNotAllowed,
    /// 408: the request took longer than the configured timeout.
    RequestTimeout,
    SignedIn,
    SendFailed,
    /// The customer keeps as many uploads as the quota allows.
    UploadQuota {
        files: u32,
        mb: u64,
        /// How old an unused upload gets before it is deleted.
        hours: u64,
    },
    /// Uploads are paused: the disk is nearly full.
    StorageLow,
    /// Every write is paused: the disk is nearly full (`http::disk_floor`).
    WritesPaused,
    /// A code confirming a new e-mail address was sent to it.
    EmailChangeCodeSent {
        email: String,
    },
    EmailChanged,
    LoggedOutEverywhere,
    // Product reviews (the rules' own messages are the core's).
    ReviewPublished,
    ReviewUpdated,
    ReviewDeleted,
    ReviewReported,
    /// The customer reported this review before.
    ReviewAlreadyReported,
    ReviewReportOwn,
    ReviewMarkedHelpful,
    /// The customer marked this review helpful before.
    ReviewAlreadyHelpful,
    ReviewHelpfulOwn,
    // Saved payment cards (the rules' own messages are the core's).
    CardSaved,
    DefaultCardSet,
    CardDeleted,
    // E-mail accounts (issue 36 item 5).
    /// A password sign-in failed: the same words whether or not the address has an account.
    WrongPassword,
    /// Password sign-in for an address is paused for strangers after repeated wrong tries.
    PasswordSignInPaused {
        hours: u64,
    },
    PhoneVerified,
    AccountDeleted,
    /// The account's data cannot be deleted while an order is under way.
    OrdersUnderWay,
}

impl From<MessageId> for Msg {
    fn from(id: MessageId) -> Self {
        Msg::Core(Message::new(id))
    }
}

impl From<Message> for Msg {
    fn from(message: Message) -> Self {
        Msg::Core(message)
    }
}

/// A field's name as shown to people.
/// A field's label in the messages about a chosen value ([`Msg::InvalidChoice`],
/// [`Msg::OutOfRange`]): the catalogue's query ids are named by what they choose
/// (`category_id` → "category"), other fields as [`field_label`] names them. The
/// other messages keep the raw name of these ids, as they always have.
pub fn choice_label(field: &str, lang: Language) -> String {
    let (en, ar) = match field {
        "category_id" => ("category", "الفئة"),
        "branch_id" => ("shop", "المتجر"),
        "brand_id" => ("brand", "العلامة التجارية"),
        "branch_category_id" => ("shop category", "فئة المتاجر"),
        "is_tree" => ("tree option", "خيار الشجرة"),
        other => return field_label(other, lang),
    };
    match lang {
        Language::En => en.to_owned(),
        Language::Ar => ar.to_owned(),
    }
}

pub fn field_label(field: &str, lang: Language) -> String {
    let (en, ar) = match field {
        "mobile" => ("mobile number", "رقم الجوال"),
        "channel" => ("verification method", "طريقة التحقق"),
        "code" => ("code", "الرمز"),
        "name" => ("name", "الاسم"),
        "email" => ("e-mail", "البريد الإلكتروني"),
        "referral_code" => ("referral code", "رمز الإحالة"),
        "acceptTerms" => ("terms acceptance", "الموافقة على الشروط"),
        "password" => ("password", "كلمة المرور"),
        "password_confirmation" => ("password confirmation", "تأكيد كلمة المرور"),
        "current_password" => ("current password", "كلمة المرور الحالية"),
        "default_locale" => ("language", "اللغة"),
        "company_name" => ("company name", "اسم الشركة"),
        "birthdate" => ("birth date", "تاريخ الميلاد"),
        "gender" => ("gender", "الجنس"),
        "image" => ("image", "الصورة"),
        "file" => ("file", "الملف"),
        "page" => ("page", "الصفحة"),
        "limit" => ("limit", "الحد"),
        "service_id" => ("service", "الخدمة"),
        "parent_id" => ("parent category", "الفئة الرئيسية"),
        "latitude" => ("latitude", "خط العرض"),
        "longitude" => ("longitude", "خط الطول"),
        "search" | "text" => ("search text", "نص البحث"),
        "sort" => ("sort order", "الترتيب"),
        "stock" => ("stock filter", "فلتر المخزون"),
        "rating" => ("rating", "التقييم"),
        "min_price" => ("minimum price", "أقل سعر"),
        "max_price" => ("maximum price", "أعلى سعر"),
        "category" => ("category", "الفئة"),
        "notifications" => ("notifications", "الإشعارات"),
        "contact_name" => ("contact name", "اسم جهة الاتصال"),
        "phone" => ("phone number", "رقم الهاتف"),
        "country" => ("country", "الدولة"),
        "region" => ("region", "المنطقة"),
        "city" => ("city", "المدينة"),
        "address_details" => ("address", "العنوان"),
        "building_number" => ("building number", "رقم المبنى"),
        "floor" => ("floor", "الطابق"),
        "apartment_number" => ("apartment number", "رقم الشقة"),
        "postal_code" => ("postal code", "الرمز البريدي"),
        "location" => ("map location", "الموقع على الخريطة"),
        "type" => ("type", "النوع"),
        "is_default" => ("default flag", "العنوان الافتراضي"),
        "subject" => ("subject", "الموضوع"),
        "message" => ("message", "الرسالة"),
        "order_id" => ("order", "الطلب"),
        "id" => ("id", "المعرّف"),
        // Cart, checkout, orders and returns.
        "product_id" => ("product", "المنتج"),
        "qty" | "quantity" => ("quantity", "الكمية"),
        "key" => ("cart item", "عنصر السلة"),
        "empty_cart" => ("empty cart option", "خيار إفراغ السلة"),
        "coupon_code" => ("coupon code", "رمز الكوبون"),
        "address_id" => ("address", "العنوان"),
        "pickup_address_id" => ("pickup address", "عنوان الاستلام"),
        "payment_method" => ("payment method", "طريقة الدفع"),
        "use_wallet" => ("wallet option", "خيار المحفظة"),
        "wallet_amount" => ("wallet amount", "مبلغ المحفظة"),
        "card" => ("card details", "بيانات البطاقة"),
        "number" => ("card number", "رقم البطاقة"),
        "exp_month" => ("expiry month", "شهر الانتهاء"),
        "exp_year" => ("expiry year", "سنة الانتهاء"),
        "cvv" => ("CVV", "رمز التحقق (CVV)"),
        "saved_card_id" => ("saved card", "البطاقة المحفوظة"),
        "save_card" => ("save card option", "خيار حفظ البطاقة"),
        "items" => ("items", "المنتجات"),
        "reason" => ("reason", "السبب"),
        "comment" => ("comment", "التعليق"),
        "refund_method" => ("refund method", "طريقة الاسترداد"),
        "date" => ("date", "التاريخ"),
        "time" => ("time", "الوقت"),
        "tab" => ("tab", "التبويب"),
        // Product reviews.
        "review" => ("review", "المراجعة"),
        "min_rating" => ("minimum rating", "أقل تقييم"),
        // Request headers (spec 7).
        "district-id" => ("district", "الحي"),
        "address-id" => ("address", "العنوان"),
        other => return other.to_owned(),
    };
    match lang {
        Language::En => en.to_owned(),
        Language::Ar => ar.to_owned(),
    }
}

impl Msg {
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
            Msg::Core(message) => message.render(lang),
            Msg::NotFound => pick(
                "The requested item was not found.",
                "العنصر المطلوب غير موجود.",
            ),
            Msg::PageNotFound => pick("Page not found", "الصفحة غير موجودة"),
            Msg::PageNotFoundBody => pick(
                "The page you are looking for does not exist or has moved.",
                "الصفحة التي تبحث عنها غير موجودة أو تم نقلها.",
            ),
            Msg::Unauthenticated => pick("Unauthenticated.", "غير مصرح، يرجى تسجيل الدخول."),
            Msg::InvalidJson => pick(
                "The request body is not valid JSON.",
                "نص الطلب ليس بصيغة JSON صحيحة.",
            ),
            Msg::ExpectedJson => pick(
                "Send the request body as JSON (Content-Type: application/json).",
                "أرسل نص الطلب بصيغة JSON ‏(Content-Type: application/json).",
            ),
            Msg::BodyTooLarge { max_kb } => {
                if ar {
                    format!("نص الطلب كبير جدًا (الحد الأقصى {max_kb} كيلوبايت).")
                } else {
                    format!("The request body is too large (at most {max_kb} KB).")
                }
            }
            Msg::FieldRequired { field } => {
                let label = field_label(field, lang);
                if ar {
                    format!("حقل {label} مطلوب.")
                } else {
                    format!("The {label} field is required.")
                }
            }
            Msg::FieldType { field } => {
                let label = field_label(field, lang);
                if ar {
                    format!("قيمة حقل {label} غير صحيحة.")
                } else {
                    format!("The {label} field has the wrong type.")
                }
            }
            Msg::InvalidChoice { field } => {
                let label = choice_label(field, lang);
                if ar {
                    format!("قيمة {label} المختارة غير صحيحة.")
                } else {
                    format!("The selected {label} is invalid.")
                }
            }
            Msg::OutOfRange { field, min, max } => {
                let label = choice_label(field, lang);
                if ar {
                    format!("يجب أن تكون قيمة {label} بين {min} و{max}.")
                } else {
                    format!("The {label} must be between {min} and {max}.")
                }
            }
            Msg::ChannelDisabled => pick(
                "This verification method is not available.",
                "طريقة التحقق هذه غير متاحة.",
            ),
            Msg::EmailCodeSent => pick(
                "A code was sent to your e-mail.",
                "تم إرسال رمز إلى بريدك الإلكتروني.",
            ),
            Msg::CodeIncorrect => pick("The code is incorrect.", "الرمز غير صحيح."),
            Msg::CodeExpired => pick(
                "The code has expired. Please request a new one.",
                "انتهت صلاحية الرمز. يرجى طلب رمز جديد.",
            ),
            Msg::TooManyAttempts => pick(
                "Too many wrong attempts. Please request a new code.",
                "محاولات خاطئة كثيرة. يرجى طلب رمز جديد.",
            ),
            Msg::TooManyCodes { minutes } => {
                if ar {
                    format!("تم طلب رموز كثيرة لهذا الرقم. يرجى المحاولة بعد {minutes} دقيقة.")
                } else {
                    let unit = if *minutes == 1 { "minute" } else { "minutes" };
                    format!(
                        "Too many codes were requested for this number. Please try again in {minutes} {unit}."
                    )
                }
            }
            Msg::CodesPaused { hours } => {
                if ar {
                    format!(
                        "أُدخلت رموز خاطئة كثيرة لهذا الرقم، لذا أوقفنا إرسال رموز جديدة مؤقتًا. يرجى المحاولة بعد {hours} ساعة."
                    )
                } else {
                    let unit = if *hours == 1 { "hour" } else { "hours" };
                    format!(
                        "Too many wrong codes were entered for this number, so new codes are paused. Please try again in {hours} {unit}."
                    )
                }
            }
            Msg::CodeOtherClient => pick(
                "This code was requested from another device or network. Please request a new code here.",
                "طُلب هذا الرمز من جهاز أو شبكة أخرى. يرجى طلب رمز جديد من هنا.",
            ),
            Msg::RateLimited { seconds } => {
                if ar {
                    format!("طلبات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد {seconds} ثانية.")
                } else {
                    let unit = if *seconds == 1 { "second" } else { "seconds" };
                    format!("Too many requests. Please try again in {seconds} {unit}.")
                }
            }
            Msg::AlreadyRegistered => pick(
                "This mobile number is already registered.",
                "رقم الجوال هذا مسجل بالفعل.",
            ),
            Msg::EmailTaken => pick(
                "This e-mail is already used by another account.",
                "هذا البريد الإلكتروني مستخدم في حساب آخر.",
            ),
            Msg::NoAccountForEmail => pick(
                "No account uses this e-mail.",
                "لا يوجد حساب بهذا البريد الإلكتروني.",
            ),
            Msg::ResetCodeSent => pick(
                "If an account uses this e-mail, a reset code has been sent to it.",
                "إذا كان هناك حساب بهذا البريد الإلكتروني فقد أرسلنا إليه رمز إعادة التعيين.",
            ),
            Msg::PasswordReset => pick(
                "Your password has been reset.",
                "تمت إعادة تعيين كلمة المرور.",
            ),
            Msg::PasswordUpdated => {
                pick("Your password has been updated.", "تم تحديث كلمة المرور.")
            }
            Msg::CurrentPasswordWrong => pick(
                "The current password is incorrect.",
                "كلمة المرور الحالية غير صحيحة.",
            ),
            Msg::ProfileUpdated => pick(
                "Profile updated successfully.",
                "تم تحديث الملف الشخصي بنجاح.",
            ),
            Msg::SettingsUpdated => pick("Settings updated.", "تم تحديث الإعدادات."),
            Msg::LoggedOut => pick("Logged out.", "تم تسجيل الخروج."),
            Msg::Uploaded => pick("File uploaded.", "تم رفع الملف."),
            Msg::FileTooLarge { max_mb } => {
                if ar {
                    format!("الملف كبير جدًا (الحد الأقصى {max_mb} ميجابايت).")
                } else {
                    format!("The file is too large (at most {max_mb} MB).")
                }
            }
            Msg::MultipartExpected => pick(
                "Send the file as multipart/form-data in a field named file.",
                "أرسل الملف بصيغة multipart/form-data في حقل باسم file.",
            ),
            Msg::AddressCreated => pick("Address added.", "تمت إضافة العنوان."),
            Msg::AddressUpdated => pick("Address updated.", "تم تحديث العنوان."),
            Msg::AddressDeleted => pick("Address deleted.", "تم حذف العنوان."),
            Msg::DefaultAddressSet => pick(
                "This is now your default address.",
                "أصبح هذا عنوانك الافتراضي.",
            ),
            Msg::TooManyAddresses { max } => {
                if ar {
                    format!("يمكنك حفظ {max} عنوانًا على الأكثر. احذف عنوانًا قبل إضافة آخر.")
                } else {
                    format!(
                        "You can keep at most {max} addresses. Delete one before adding another."
                    )
                }
            }
            Msg::FavoriteAdded => pick("Added to your favourites.", "تمت الإضافة إلى المفضلة."),
            Msg::FavoriteRemoved => pick("Removed from your favourites.", "تمت الإزالة من المفضلة."),
            Msg::ContactReceived => pick(
                "Thank you! We received your message and will reply soon.",
                "شكرًا لك! استلمنا رسالتك وسنرد عليك قريبًا.",
            ),
            Msg::TooManyContactMessages => pick(
                "You have sent several messages recently. Please try again later.",
                "لقد أرسلت عدة رسائل مؤخرًا. يرجى المحاولة لاحقًا.",
            ),
            Msg::SupportReceived { id } => {
                if ar {
                    format!("استلمنا طلب الدعم رقم {id}، وسيتواصل معك فريقنا قريبًا.")
                } else {
                    format!(
                        "We received your support request #{id}; our team will contact you soon."
                    )
                }
            }
            Msg::NotificationRead => {
                pick("Notification marked as read.", "تم تعليم الإشعار كمقروء.")
            }
            Msg::NotificationsAllRead => pick(
                "All notifications marked as read.",
                "تم تعليم جميع الإشعارات كمقروءة.",
            ),
            Msg::LocationSupported => {
                pick("We deliver to this area.", "نقوم بالتوصيل إلى هذه المنطقة.")
            }
            Msg::RequestTimeout => pick(
                "The request took too long. Please try again.",
                "استغرق الطلب وقتًا طويلًا. يرجى المحاولة مرة أخرى.",
            ),
            Msg::MethodNotAllowed => pick(
                "This method is not allowed here.",
                "هذه الطريقة غير مسموح بها هنا.",
            ),
            Msg::SignedIn => pick("Signed in successfully.", "تم تسجيل الدخول بنجاح."),
            Msg::SendFailed => pick(
                "We could not send the code. Please try again.",
                "تعذر إرسال الرمز. يرجى المحاولة مرة أخرى.",
            ),
            Msg::UploadQuota { files, mb, hours } => {
                if ar {
                    format!(
                        "لديك الحد الأقصى من الصور المرفوعة ({files} ملفات و{mb} ميجابايت). تُحذف الصور غير المستخدمة بعد {hours} ساعة، ويمكنك بعدها رفع المزيد."
                    )
                } else {
                    let unit = if *hours == 1 { "hour" } else { "hours" };
                    format!(
                        "You have reached the upload limit ({files} files and {mb} MB). Pictures you do not use are deleted after {hours} {unit}; you can upload more then."
                    )
                }
            }
            Msg::StorageLow => pick(
                "Uploads are paused for a while: the server is short of storage space. Please try again later.",
                "رفع الملفات متوقف مؤقتًا لنقص مساحة التخزين على الخادم. يرجى المحاولة لاحقًا.",
            ),
            Msg::WritesPaused => pick(
                "Changes are paused for a while: the server is short of storage space. Please try again later.",
                "حفظ التغييرات متوقف مؤقتًا لنقص مساحة التخزين على الخادم. يرجى المحاولة لاحقًا.",
            ),
            Msg::EmailChangeCodeSent { email } => {
                if ar {
                    format!("أرسلنا رمزًا إلى {email}. أدخله لتأكيد بريدك الإلكتروني الجديد.")
                } else {
                    format!(
                        "We sent a code to {email}. Enter it to confirm your new e-mail address."
                    )
                }
            }
            Msg::EmailChanged => pick(
                "Your e-mail address has been changed.",
                "تم تغيير بريدك الإلكتروني.",
            ),
            Msg::LoggedOutEverywhere => pick(
                "You have been signed out on every device.",
                "تم تسجيل خروجك من جميع الأجهزة.",
            ),
            Msg::ReviewPublished => pick(
                "Thank you! Your review has been published.",
                "شكرًا لك! تم نشر مراجعتك.",
            ),
            Msg::ReviewUpdated => pick("Your review has been updated.", "تم تحديث مراجعتك."),
            Msg::ReviewDeleted => pick("Your review has been deleted.", "تم حذف مراجعتك."),
            Msg::ReviewReported => pick(
                "Thank you for telling us. We will look at this review.",
                "شكرًا لإبلاغنا. سنراجع هذه المراجعة.",
            ),
            Msg::ReviewAlreadyReported => pick(
                "You have already reported this review.",
                "لقد أبلغت عن هذه المراجعة من قبل.",
            ),
            Msg::ReviewReportOwn => pick(
                "You cannot report your own review.",
                "لا يمكنك الإبلاغ عن مراجعتك.",
            ),
            Msg::ReviewMarkedHelpful => pick("Thank you for your feedback.", "شكرًا على رأيك."),
            Msg::ReviewAlreadyHelpful => pick(
                "You have already marked this review as helpful.",
                "لقد أشرت إلى أن هذه المراجعة مفيدة من قبل.",
            ),
            Msg::ReviewHelpfulOwn => pick(
                "You cannot mark your own review as helpful.",
                "لا يمكنك الإشارة إلى أن مراجعتك مفيدة.",
            ),
            Msg::CardSaved => pick("Your card has been saved.", "تم حفظ بطاقتك."),
            Msg::DefaultCardSet => pick(
                "This card is now your default card.",
                "أصبحت هذه البطاقة بطاقتك الافتراضية.",
            ),
            Msg::CardDeleted => pick("Your card has been deleted.", "تم حذف بطاقتك."),
            Msg::WrongPassword => pick(
                "The e-mail address or password is incorrect.",
                "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
            ),
            Msg::PasswordSignInPaused { hours } => {
                if ar {
                    format!(
                        "تم إيقاف تسجيل الدخول بكلمة المرور لهذا العنوان مؤقتًا بعد محاولات خاطئة كثيرة. سجّل الدخول برمز، أو حاول مرة أخرى بعد {hours} ساعة."
                    )
                } else {
                    format!(
                        "Password sign-in for this address is paused after too many wrong tries. Sign in with a code, or try again in {hours} hours."
                    )
                }
            }
            Msg::PhoneVerified => pick("Your phone number is verified.", "تم التحقق من رقم هاتفك."),
            Msg::AccountDeleted => pick(
                "Your account and its data have been deleted.",
                "تم حذف حسابك وبياناته.",
            ),
            Msg::OrdersUnderWay => pick(
                "You have orders under way. You can delete your account once they are delivered or cancelled.",
                "لديك طلبات قيد التنفيذ. يمكنك حذف حسابك بعد توصيلها أو إلغائها.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_cover_the_catalogue_fields() {
        assert_eq!(choice_label("category_id", Language::En), "category");
        assert_eq!(choice_label("service_id", Language::Ar), "الخدمة");
        let text = Msg::InvalidChoice {
            field: "brand_id".into(),
        }
        .text(Language::En);
        assert_eq!(text, "The selected brand is invalid.");
    }

    #[test]
    fn uses_the_spec_wording_from_the_core() {
        let msg: Msg = Message::new(MessageId::WaitBeforeResend)
            .with("seconds", 42)
            .into();
        assert_eq!(msg.text(Language::En), "Wait 42 seconds before resending!");
        assert_eq!(
            Msg::from(MessageId::AreaNotServed).text(Language::En),
            "Sorry, we don't deliver to your area now!"
        );
    }

    #[test]
    fn field_messages_name_the_field_in_the_reader_language() {
        let msg = Msg::FieldRequired {
            field: "mobile".into(),
        };
        assert_eq!(
            msg.text(Language::En),
            "The mobile number field is required."
        );
        assert_eq!(msg.text(Language::Ar), "حقل رقم الجوال مطلوب.");
        assert_eq!(field_label("unknown_field", Language::Ar), "unknown_field");
    }

    /// One of every message. The match below fails to compile when a message is
    /// added without being listed here, so the check covers every key.
    fn every_message() -> Vec<Msg> {
        let all = vec![
            Msg::Core(Message::new(MessageId::AreaNotServed)),
            Msg::NotFound,
            Msg::PageNotFound,
            Msg::PageNotFoundBody,
            Msg::Unauthenticated,
            Msg::InvalidJson,
            Msg::ExpectedJson,
            Msg::BodyTooLarge { max_kb: 3 },
            Msg::FieldRequired {
                field: "mobile".into(),
            },
            Msg::FieldType {
                field: "mobile".into(),
            },
            Msg::InvalidChoice {
                field: "mobile".into(),
            },
            Msg::OutOfRange {
                field: "mobile".into(),
                min: 3,
                max: 3,
            },
            Msg::ChannelDisabled,
            Msg::EmailCodeSent,
            Msg::CodeIncorrect,
            Msg::CodeExpired,
            Msg::TooManyAttempts,
            Msg::TooManyCodes { minutes: 3 },
            Msg::CodesPaused { hours: 3 },
            Msg::CodeOtherClient,
            Msg::RateLimited { seconds: 3 },
            Msg::AlreadyRegistered,
            Msg::EmailTaken,
            Msg::NoAccountForEmail,
            Msg::ResetCodeSent,
            Msg::PasswordReset,
            Msg::PasswordUpdated,
            Msg::CurrentPasswordWrong,
            Msg::ProfileUpdated,
            Msg::SettingsUpdated,
            Msg::LoggedOut,
            Msg::Uploaded,
            Msg::FileTooLarge { max_mb: 3 },
            Msg::MultipartExpected,
            Msg::LocationSupported,
            Msg::AddressCreated,
            Msg::AddressUpdated,
            Msg::AddressDeleted,
            Msg::DefaultAddressSet,
            Msg::TooManyAddresses { max: 3 },
            Msg::FavoriteAdded,
            Msg::FavoriteRemoved,
            Msg::ContactReceived,
            Msg::TooManyContactMessages,
            Msg::SupportReceived { id: 3 },
            Msg::NotificationRead,
            Msg::NotificationsAllRead,
            Msg::MethodNotAllowed,
            Msg::RequestTimeout,
            Msg::SignedIn,
            Msg::SendFailed,
            Msg::UploadQuota {
                files: 3,
                mb: 3,
                hours: 3,
            },
            Msg::StorageLow,
            Msg::WritesPaused,
            Msg::EmailChangeCodeSent {
                email: "a@example.com".into(),
            },
            Msg::EmailChanged,
            Msg::LoggedOutEverywhere,
            Msg::ReviewPublished,
            Msg::ReviewUpdated,
            Msg::ReviewDeleted,
            Msg::ReviewReported,
            Msg::ReviewAlreadyReported,
            Msg::ReviewReportOwn,
            Msg::ReviewMarkedHelpful,
            Msg::ReviewAlreadyHelpful,
            Msg::ReviewHelpfulOwn,
            Msg::CardSaved,
            Msg::DefaultCardSet,
            Msg::CardDeleted,
            Msg::WrongPassword,
            Msg::PasswordSignInPaused { hours: 3 },
            Msg::PhoneVerified,
            Msg::AccountDeleted,
            Msg::OrdersUnderWay,
        ];
        for msg in &all {
            match msg {
                Msg::Core(_) => {}
                Msg::NotFound => {}
                Msg::PageNotFound | Msg::PageNotFoundBody => {}
                Msg::Unauthenticated => {}
                Msg::InvalidJson => {}
                Msg::ExpectedJson => {}
                Msg::BodyTooLarge { .. } => {}
                Msg::FieldRequired { .. } => {}
                Msg::FieldType { .. } => {}
                Msg::InvalidChoice { .. } => {}
                Msg::OutOfRange { .. } => {}
                Msg::ChannelDisabled => {}
                Msg::EmailCodeSent => {}
                Msg::CodeIncorrect => {}
                Msg::CodeExpired => {}
                Msg::TooManyAttempts => {}
                Msg::TooManyCodes { .. } => {}
                Msg::CodesPaused { .. } => {}
                Msg::CodeOtherClient => {}
                Msg::RateLimited { .. } => {}
                Msg::AlreadyRegistered => {}
                Msg::EmailTaken => {}
                Msg::NoAccountForEmail => {}
                Msg::ResetCodeSent => {}
                Msg::PasswordReset => {}
                Msg::PasswordUpdated => {}
                Msg::CurrentPasswordWrong => {}
                Msg::ProfileUpdated => {}
                Msg::SettingsUpdated => {}
                Msg::LoggedOut => {}
                Msg::Uploaded => {}
                Msg::FileTooLarge { .. } => {}
                Msg::MultipartExpected => {}
                Msg::LocationSupported => {}
                Msg::AddressCreated => {}
                Msg::AddressUpdated => {}
                Msg::AddressDeleted => {}
                Msg::DefaultAddressSet => {}
                Msg::TooManyAddresses { .. } => {}
                Msg::FavoriteAdded => {}
                Msg::FavoriteRemoved => {}
                Msg::ContactReceived => {}
                Msg::TooManyContactMessages => {}
                Msg::SupportReceived { .. } => {}
                Msg::NotificationRead => {}
                Msg::NotificationsAllRead => {}
                Msg::MethodNotAllowed => {}
                Msg::RequestTimeout => {}
                Msg::SignedIn => {}
                Msg::SendFailed => {}
                Msg::UploadQuota { .. } => {}
                Msg::StorageLow => {}
                Msg::WritesPaused => {}
                Msg::EmailChangeCodeSent { .. } => {}
                Msg::EmailChanged => {}
                Msg::LoggedOutEverywhere => {}
                Msg::ReviewPublished => {}
                Msg::ReviewUpdated => {}
                Msg::ReviewDeleted => {}
                Msg::ReviewReported => {}
                Msg::ReviewAlreadyReported => {}
                Msg::ReviewReportOwn => {}
                Msg::ReviewMarkedHelpful => {}
                Msg::ReviewAlreadyHelpful => {}
                Msg::ReviewHelpfulOwn => {}
                Msg::CardSaved | Msg::DefaultCardSet | Msg::CardDeleted => {}
                Msg::WrongPassword
                | Msg::PasswordSignInPaused { .. }
                | Msg::PhoneVerified
                | Msg::AccountDeleted
                | Msg::OrdersUnderWay => {}
            }
        }
        all
    }

    fn has_arabic_letters(text: &str) -> bool {
        text.chars().any(|c| ('\u{0621}'..='\u{064A}').contains(&c))
    }

    #[test]
    fn every_message_exists_in_english_and_arabic() {
        let all = every_message();
        for msg in &all {
            let (en, ar) = (msg.text(Language::En), msg.text(Language::Ar));
            assert!(
                !en.trim().is_empty() && !has_arabic_letters(&en),
                "{msg:?}: {en:?}"
            );
            assert!(has_arabic_letters(&ar) && ar != en, "{msg:?}: {ar:?}");
        }
        // No two messages read alike: a copied text would hide a missing one.
        let mut english: Vec<String> = all.iter().map(|m| m.text(Language::En)).collect();
        english.sort();
        english.dedup();
        assert_eq!(english.len(), all.len());
    }
}
