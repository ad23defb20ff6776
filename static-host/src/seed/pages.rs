//! The store's content pages (category `customer`): two "about" pages and the
//! policies the footer links to, in English and Arabic. Content is plain, clean HTML
//! (headings, paragraphs, lists, mail links); the API sanitises it on output anyway.

use rusqlite::{Transaction, params};

struct StaticPage {
    kind: &'static str,
    title_en: &'static str,
    title_ar: &'static str,
    content_en: &'static str,
    content_ar: &'static str,
}

const PAGES: &[StaticPage] = &[
    StaticPage {
        kind: "about",
        title_en: "About Nile Market",
        title_ar: "عن سوق النيل",
        content_en: r#"<p>Nile Market is a Cairo marketplace that brings the best shops of your neighbourhood to your door. From one app you can order groceries from local supermarkets, bakeries, butchers and greengrocers, hot meals from restaurants and cafés, and medicines and personal care products from licensed pharmacies.</p>
<h2>What we believe in</h2>
<ul>
<li><strong>Local first.</strong> Every shop on Nile Market is an independent business in Zamalek, Dokki, Downtown and Garden City, Maadi or Heliopolis.</li>
<li><strong>Fair prices.</strong> Shops set their own prices, and what you see in the app is what you pay at checkout, including 14% VAT.</li>
<li><strong>Fresh and safe.</strong> Chilled and frozen items travel in insulated bags, and medicines are handled only by pharmacists.</li>
</ul>
<h2>Where we deliver</h2>
<p>We currently deliver to five districts: Zamalek, Dokki, Downtown and Garden City, Maadi and Heliopolis. Choose your location on the map when you open the store; if we do not reach your area yet, we tell you straight away. We add new districts every few months.</p>
<h2>Get in touch</h2>
<p>Our customer care team answers every day from 9 am to midnight at <a href="mailto:hello@nilemarket.example" rel="noopener noreferrer">hello@nilemarket.example</a> or on +20 2 2735 0000. You are also welcome to visit us at 12 26th of July Street, Zamalek, Cairo.</p>"#,
        content_ar: r#"<p>سوق النيل منصة تسوق في القاهرة تجمع أفضل محلات منطقتك وتوصل طلباتها إلى باب بيتك. من تطبيق واحد يمكنك طلب البقالة من السوبر ماركت والمخابز والجزارين ومحلات الخضار والفاكهة، والوجبات الساخنة من المطاعم والمقاهي، والأدوية ومنتجات العناية الشخصية من صيدليات مرخصة.</p>
<h2>ما نؤمن به</h2>
<ul>
<li><strong>المحلات المحلية أولًا.</strong> كل محل في سوق النيل نشاط تجاري مستقل في الزمالك أو الدقي أو وسط البلد وجاردن سيتي أو المعادي أو مصر الجديدة.</li>
<li><strong>أسعار عادلة.</strong> تحدد المحلات أسعارها بنفسها، وما تراه في التطبيق هو ما تدفعه عند إتمام الطلب، شاملًا ضريبة القيمة المضافة ١٤٪.</li>
<li><strong>طازج وآمن.</strong> تُنقل المنتجات المبردة والمجمدة في حقائب معزولة حراريًا، ولا يتعامل مع الأدوية إلا الصيادلة.</li>
</ul>
<h2>أين نوصل</h2>
<p>نوصل حاليًا إلى خمس مناطق هي الزمالك والدقي ووسط البلد وجاردن سيتي والمعادي ومصر الجديدة. اختر موقعك على الخريطة عند فتح المتجر، وإذا لم نكن نصل إلى منطقتك بعد فسنخبرك بذلك فورًا. ونضيف مناطق جديدة كل بضعة أشهر.</p>
<h2>تواصل معنا</h2>
<p>يرد فريق خدمة العملاء يوميًا من التاسعة صباحًا حتى منتصف الليل على البريد <a href="mailto:hello@nilemarket.example" rel="noopener noreferrer">hello@nilemarket.example</a> أو على الرقم ‎+20 2 2735 0000. ويسعدنا أن تزورنا في ١٢ شارع ٢٦ يوليو، الزمالك، القاهرة.</p>"#,
    },
    StaticPage {
        kind: "about",
        title_en: "How it works",
        title_ar: "كيف يعمل سوق النيل",
        content_en: r#"<p>Ordering from Nile Market takes a few minutes. Here is how it works, from the first tap to the knock on your door.</p>
<ol>
<li><strong>Choose your location.</strong> Pick your address on the map or search for a street or landmark. We show you the shops that deliver to you.</li>
<li><strong>Pick a service.</strong> Switch between Groceries, Restaurants and Pharmacy at any time from the top of the page.</li>
<li><strong>Fill your cart.</strong> Browse categories, search by name or open a shop and add what you need. A cart holds items from one shop at a time, so each order reaches you in a single delivery.</li>
<li><strong>Sign in with your mobile number.</strong> We send you a four-digit code by SMS or WhatsApp; no password is needed.</li>
<li><strong>Check out.</strong> Apply a coupon, use your wallet balance, and pay by card or in cash on delivery. You see the subtotal, the delivery fee, 14% VAT and the total before you confirm.</li>
<li><strong>Track your order.</strong> Follow it from processing to out for delivery in your account. Restaurant meals arrive within the time shown on the restaurant; other orders arrive within two days at most.</li>
</ol>
<h2>Good to know</h2>
<ul>
<li>Some shops have a minimum order, and many deliver for free above a certain amount.</li>
<li>Items marked as pre-order are out of stock for now; the shop delivers them as soon as they arrive.</li>
<li>You can return most items within 14 days. See our Returns and Refunds policy for the details.</li>
</ul>"#,
        content_ar: r#"<p>الطلب من سوق النيل لا يستغرق سوى دقائق قليلة. إليك الخطوات من أول لمسة على الشاشة حتى يطرق المندوب بابك.</p>
<ol>
<li><strong>اختر موقعك.</strong> حدد عنوانك على الخريطة أو ابحث عن شارع أو معلم قريب منك، وسنعرض لك المحلات التي توصل إليك.</li>
<li><strong>اختر الخدمة.</strong> تنقّل بين البقالة والمطاعم والصيدلية في أي وقت من أعلى الصفحة.</li>
<li><strong>املأ سلتك.</strong> تصفح الفئات أو ابحث بالاسم أو افتح أحد المحلات وأضف ما تحتاجه. تضم السلة منتجات محل واحد في كل مرة، حتى يصلك كل طلب في توصيلة واحدة.</li>
<li><strong>سجّل الدخول برقم جوالك.</strong> نرسل إليك رمزًا من أربعة أرقام في رسالة نصية أو عبر واتساب، دون الحاجة إلى كلمة مرور.</li>
<li><strong>أتمم الطلب.</strong> أضف كوبون خصم واستخدم رصيد محفظتك، وادفع بالبطاقة أو نقدًا عند الاستلام. وستظهر لك قيمة المنتجات ورسوم التوصيل وضريبة القيمة المضافة ١٤٪ والإجمالي قبل أن تؤكد الطلب.</li>
<li><strong>تابع طلبك.</strong> تابع حالة الطلب من التجهيز حتى خروجه للتوصيل من صفحة حسابك. تصل وجبات المطاعم في الوقت الظاهر على صفحة المطعم، وتصل الطلبات الأخرى خلال يومين على الأكثر.</li>
</ol>
<h2>معلومات تهمك</h2>
<ul>
<li>لبعض المحلات حد أدنى للطلب، ويقدم كثير منها توصيلًا مجانيًا للطلبات التي تتجاوز مبلغًا معينًا.</li>
<li>المنتجات المعلَّمة بعلامة الطلب المسبق غير متوفرة حاليًا، ويوصلها المحل إليك فور وصولها.</li>
<li>يمكنك إرجاع معظم المنتجات خلال ١٤ يومًا، وتجد التفاصيل في سياسة الإرجاع والاسترداد.</li>
</ul>"#,
    },
    StaticPage {
        kind: "policy",
        title_en: "Privacy Policy",
        title_ar: "سياسة الخصوصية",
        content_en: r#"<p>This policy explains what personal data Nile Market collects, why we collect it and the choices you have. It applies to our website and our apps.</p>
<h2>What we collect</h2>
<ul>
<li><strong>Account details:</strong> your mobile number and name and, if you add them, your e-mail, birth date, gender, company name and profile picture.</li>
<li><strong>Delivery details:</strong> your addresses and the map location you choose, so that couriers can find you.</li>
<li><strong>Orders:</strong> what you buy and from which shop, your payments, coupons and wallet use.</li>
<li><strong>Device data:</strong> your language and basic technical logs that keep the service secure.</li>
</ul>
<h2>How we use it</h2>
<p>We use your data to create your account, deliver your orders, send the verification codes you ask for, handle returns and refunds, and answer you when you contact us. With your permission in the notification settings we also send you offers and news; you can switch these off at any time.</p>
<h2>Who we share it with</h2>
<p>We share only what is needed. The shop preparing your order and the courier delivering it see your name, phone number and address. Payment providers process card payments, and we never store your full card number. We do not sell your personal data.</p>
<h2>How long we keep it</h2>
<p>We keep your account data while your account is open, and order records for as long as Egyptian tax law requires.</p>
<h2>Your rights</h2>
<p>You can view and correct your profile in your account at any time, and ask us for a copy of your data or for its deletion by writing to <a href="mailto:privacy@nilemarket.example" rel="noopener noreferrer">privacy@nilemarket.example</a>.</p>"#,
        content_ar: r#"<p>توضح هذه السياسة البيانات الشخصية التي يجمعها سوق النيل، ولماذا نجمعها، والخيارات المتاحة لك. وهي تسري على موقعنا الإلكتروني وتطبيقاتنا.</p>
<h2>البيانات التي نجمعها</h2>
<ul>
<li><strong>بيانات الحساب:</strong> رقم جوالك واسمك، وإن أضفتها: بريدك الإلكتروني وتاريخ ميلادك والجنس واسم الشركة وصورة الملف الشخصي.</li>
<li><strong>بيانات التوصيل:</strong> عناوينك والموقع الذي تختاره على الخريطة، حتى يتمكن المندوب من الوصول إليك.</li>
<li><strong>الطلبات:</strong> ما تشتريه ومن أي محل، ومدفوعاتك والكوبونات التي تستخدمها واستخدامك للمحفظة.</li>
<li><strong>بيانات الجهاز:</strong> لغتك وسجلات تقنية أساسية تحافظ على أمان الخدمة.</li>
</ul>
<h2>كيف نستخدم بياناتك</h2>
<p>نستخدم بياناتك لإنشاء حسابك وتوصيل طلباتك وإرسال رموز التحقق التي تطلبها ومعالجة المرتجعات والمبالغ المستردة والرد عليك عندما تتواصل معنا. وبموافقتك في إعدادات الإشعارات نرسل إليك العروض والأخبار، ويمكنك إيقافها في أي وقت.</p>
<h2>مع من نشاركها</h2>
<p>لا نشارك إلا ما يلزم. يرى المحل الذي يجهز طلبك والمندوب الذي يوصله اسمك ورقم هاتفك وعنوانك. وتعالج شركات الدفع مدفوعات البطاقات، ولا نخزن رقم بطاقتك كاملًا أبدًا. ونحن لا نبيع بياناتك الشخصية لأي جهة.</p>
<h2>مدة الاحتفاظ بها</h2>
<p>نحتفظ ببيانات حسابك ما دام حسابك مفتوحًا، وبسجلات الطلبات طوال المدة التي يفرضها قانون الضرائب المصري.</p>
<h2>حقوقك</h2>
<p>يمكنك عرض ملفك الشخصي وتصحيحه من حسابك في أي وقت، كما يمكنك طلب نسخة من بياناتك أو حذفها بمراسلتنا على <a href="mailto:privacy@nilemarket.example" rel="noopener noreferrer">privacy@nilemarket.example</a>.</p>"#,
    },
    StaticPage {
        kind: "policy",
        title_en: "Terms and Conditions",
        title_ar: "الشروط والأحكام",
        content_en: r#"<p>These terms apply whenever you use Nile Market. By creating an account or placing an order you accept them.</p>
<h2>Your account</h2>
<ul>
<li>You sign in with a mobile number that you own, and you keep the codes we send you private.</li>
<li>You must be at least 18 years old, or use the service with a parent's permission.</li>
<li>You are responsible for the orders placed from your account.</li>
</ul>
<h2>Orders and prices</h2>
<p>Each shop sells its own products and sets its own prices, which include 14% VAT. An order is confirmed when the shop accepts it. If an item turns out to be unavailable, the shop may remove it from the order, and you pay only for what is delivered. Quantity limits per item apply where they are shown.</p>
<h2>Payment</h2>
<p>You can pay by card, in cash on delivery or from your Nile Market wallet balance, or combine the wallet with another method. Coupons have their own conditions, such as a minimum subtotal, a maximum discount or an expiry date, and one coupon can be used per order.</p>
<h2>Delivery</h2>
<p>We deliver within the districts shown on the map. Delivery times are estimates; see our Delivery Policy.</p>
<h2>Returns</h2>
<p>You may return eligible items within 14 days of delivery, as described in our Returns and Refunds policy.</p>
<h2>Changes</h2>
<p>We may update these terms, and we will tell you in the app before an important change takes effect. These terms are governed by the laws of the Arab Republic of Egypt.</p>"#,
        content_ar: r#"<p>تسري هذه الشروط في كل مرة تستخدم فيها سوق النيل. وبإنشائك حسابًا أو تقديمك طلبًا فإنك توافق عليها.</p>
<h2>حسابك</h2>
<ul>
<li>تسجل الدخول برقم جوال تملكه، وتحافظ على سرية الرموز التي نرسلها إليك.</li>
<li>يجب ألا يقل عمرك عن ١٨ عامًا، أو أن تستخدم الخدمة بإذن أحد الوالدين.</li>
<li>أنت مسؤول عن جميع الطلبات المقدمة من حسابك.</li>
</ul>
<h2>الطلبات والأسعار</h2>
<p>يبيع كل محل منتجاته ويحدد أسعاره بنفسه، وتشمل الأسعار ضريبة القيمة المضافة ١٤٪. ويُعد الطلب مؤكدًا عندما يقبله المحل. وإذا تبين أن أحد المنتجات غير متوفر فقد يحذفه المحل من الطلب، ولا تدفع إلا ثمن ما يصلك فعلًا. وتسري حدود الكمية لكل منتج حيثما تظهر.</p>
<h2>الدفع</h2>
<p>يمكنك الدفع بالبطاقة أو نقدًا عند الاستلام أو من رصيد محفظة سوق النيل، أو الجمع بين المحفظة ووسيلة دفع أخرى. ولكل كوبون شروطه الخاصة، مثل حد أدنى لقيمة الطلب أو حد أقصى للخصم أو تاريخ انتهاء، ويمكن استخدام كوبون واحد فقط في كل طلب.</p>
<h2>التوصيل</h2>
<p>نوصل داخل المناطق الظاهرة على الخريطة. ومواعيد التوصيل تقديرية، وتجد تفاصيلها في سياسة التوصيل.</p>
<h2>الإرجاع</h2>
<p>يمكنك إرجاع المنتجات المؤهلة للإرجاع خلال ١٤ يومًا من التوصيل، كما توضح سياسة الإرجاع والاسترداد.</p>
<h2>التعديلات</h2>
<p>قد نحدّث هذه الشروط من وقت لآخر، وسنبلغك في التطبيق قبل سريان أي تغيير مهم. وتخضع هذه الشروط لقوانين جمهورية مصر العربية.</p>"#,
    },
    StaticPage {
        kind: "policy",
        title_en: "Returns and Refunds",
        title_ar: "سياسة الإرجاع والاسترداد",
        content_en: r#"<p>We want you to be happy with every order. If something is not right, you can return it within 14 days of delivery.</p>
<h2>What you can return</h2>
<ul>
<li>Unopened packaged groceries, household items and personal care products in their original condition.</li>
<li>Any item that arrived damaged, expired or different from what you ordered, including fresh food, which you should report within 24 hours.</li>
<li>Medical devices in their sealed packaging.</li>
</ul>
<h2>What you cannot return</h2>
<ul>
<li>Restaurant meals, unless they were wrong or spoiled; tell us within 24 hours.</li>
<li>Medicines once they have left the pharmacy, for your safety.</li>
<li>Opened cosmetics, baby formula and hygiene products.</li>
</ul>
<h2>How to return an item</h2>
<ol>
<li>Open the order in your account and choose Return.</li>
<li>Select the items and quantities, a reason and, when needed, a short comment.</li>
<li>Choose your refund method and a pickup time; our courier collects the items from your address.</li>
</ol>
<h2>Refunds</h2>
<p>Once the shop receives the items, we refund you within 5 working days: to your Nile Market wallet straight after approval, or to your original payment method, where card refunds can take up to 14 days to appear depending on your bank. Orders paid in cash are refunded to your wallet. Delivery fees are refunded when the return is due to our mistake or the shop's.</p>"#,
        content_ar: r#"<p>نريدك أن تكون راضيًا عن كل طلب. وإذا لم يكن شيء على ما يرام، يمكنك إرجاعه خلال ١٤ يومًا من تاريخ التوصيل.</p>
<h2>ما يمكن إرجاعه</h2>
<ul>
<li>منتجات البقالة المغلفة غير المفتوحة والأدوات المنزلية ومنتجات العناية الشخصية بحالتها الأصلية.</li>
<li>أي منتج وصلك تالفًا أو منتهي الصلاحية أو مختلفًا عما طلبته، بما في ذلك الأطعمة الطازجة التي يجب الإبلاغ عنها خلال ٢٤ ساعة.</li>
<li>الأجهزة الطبية في عبواتها المغلقة.</li>
</ul>
<h2>ما لا يمكن إرجاعه</h2>
<ul>
<li>وجبات المطاعم، إلا إذا وصلتك خاطئة أو فاسدة، وفي هذه الحالة أبلغنا خلال ٢٤ ساعة.</li>
<li>الأدوية بعد خروجها من الصيدلية، حفاظًا على سلامتك.</li>
<li>مستحضرات التجميل المفتوحة وحليب الأطفال ومنتجات النظافة الشخصية.</li>
</ul>
<h2>كيف ترجع منتجًا</h2>
<ol>
<li>افتح الطلب من صفحة حسابك واختر إرجاع.</li>
<li>حدد المنتجات والكميات وسبب الإرجاع، وأضف تعليقًا قصيرًا عند الحاجة.</li>
<li>اختر طريقة الاسترداد وموعد الاستلام، وسيستلم المندوب المنتجات من عنوانك.</li>
</ol>
<h2>استرداد المبلغ</h2>
<p>بعد أن يستلم المحل المنتجات نرد إليك المبلغ خلال ٥ أيام عمل: إلى محفظة سوق النيل فور الموافقة، أو إلى وسيلة الدفع الأصلية، وقد يستغرق ظهور المبلغ المسترد على البطاقة حتى ١٤ يومًا حسب البنك. وتُرد قيمة الطلبات المدفوعة نقدًا إلى محفظتك. وتُسترد رسوم التوصيل إذا كان الإرجاع بسبب خطأ منا أو من المحل.</p>"#,
    },
    StaticPage {
        kind: "policy",
        title_en: "Delivery Policy",
        title_ar: "سياسة التوصيل",
        content_en: r#"<p>Nile Market delivers to Zamalek, Dokki, Downtown and Garden City, Maadi and Heliopolis. Choose your location on the map and we show you only the shops that reach you.</p>
<h2>Delivery times</h2>
<ul>
<li><strong>Restaurants:</strong> usually 15 to 60 minutes; each restaurant shows its own estimate.</li>
<li><strong>Groceries and pharmacy:</strong> most orders arrive the same day, and every order arrives within two days.</li>
<li>The estimated arrival time appears on your order as soon as the shop accepts it.</li>
</ul>
<h2>Fees and minimum orders</h2>
<p>Each shop sets its delivery fee and any minimum order, and both appear on the shop's page and in your cart before you pay. Many shops deliver for free, or for free above a set amount.</p>
<h2>Receiving your order</h2>
<ul>
<li>The courier calls you on arrival. Each order has a delivery code; share it with the courier only once you have your items.</li>
<li>Check chilled items and seals at the door. If anything is missing or damaged, report it in the app within 24 hours.</li>
<li>If we cannot reach you, the courier waits 10 minutes and we contact you to arrange a new time.</li>
</ul>
<h2>Delays</h2>
<p>Weather, traffic or very high demand can delay deliveries. If your order is going to be late, we tell you in the app, and you can cancel it before it is out for delivery.</p>"#,
        content_ar: r#"<p>يوصل سوق النيل إلى الزمالك والدقي ووسط البلد وجاردن سيتي والمعادي ومصر الجديدة. اختر موقعك على الخريطة وسنعرض لك المحلات التي تصل إليك فقط.</p>
<h2>مواعيد التوصيل</h2>
<ul>
<li><strong>المطاعم:</strong> عادة من ١٥ إلى ٦٠ دقيقة، ويعرض كل مطعم الوقت المتوقع الخاص به.</li>
<li><strong>البقالة والصيدلية:</strong> تصل معظم الطلبات في اليوم نفسه، ويصل كل طلب خلال يومين على الأكثر.</li>
<li>يظهر موعد الوصول المتوقع في صفحة طلبك بمجرد أن يقبله المحل.</li>
</ul>
<h2>الرسوم والحد الأدنى للطلب</h2>
<p>يحدد كل محل رسوم التوصيل والحد الأدنى للطلب إن وجد، ويظهر كلاهما في صفحة المحل وفي سلتك قبل الدفع. ويوصل كثير من المحلات مجانًا، أو مجانًا للطلبات التي تتجاوز مبلغًا محددًا.</p>
<h2>استلام طلبك</h2>
<ul>
<li>يتصل بك المندوب عند وصوله. ولكل طلب رمز توصيل، فلا تعطه للمندوب إلا بعد استلام منتجاتك.</li>
<li>افحص المنتجات المبردة والأختام عند الباب، وإذا كان هناك نقص أو تلف فأبلغ عنه في التطبيق خلال ٢٤ ساعة.</li>
<li>إذا لم نتمكن من الوصول إليك ينتظر المندوب ١٠ دقائق، ثم نتواصل معك لتحديد موعد جديد.</li>
</ul>
<h2>التأخير</h2>
<p>قد يؤدي سوء الطقس أو الزحام المروري أو كثرة الطلبات إلى تأخير بعض التوصيلات. وإذا كان طلبك سيتأخر فسنبلغك بذلك في التطبيق، ويمكنك إلغاؤه قبل خروجه للتوصيل.</p>"#,
    },
];

pub fn seed(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    let mut insert = tx.prepare(
        "INSERT INTO static_pages (id, category, type, title_en, title_ar, content_en, content_ar, sort)
         VALUES (?1, 'customer', ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for (i, page) in PAGES.iter().enumerate() {
        let id = i as i64 + 1;
        insert.execute(params![
            id,
            page.kind,
            page.title_en,
            page.title_ar,
            page.content_en,
            page.content_ar,
            id
        ])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text without tags.
    fn text(html: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' => {
                    in_tag = false;
                    out.push(' ');
                }
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out
    }

    fn words(html: &str) -> usize {
        text(html).split_whitespace().count()
    }

    /// Every tag is one of the allowed ones and tags nest properly.
    fn check_tags(html: &str) {
        const ALLOWED: &[&str] = &["p", "h2", "ul", "ol", "li", "strong", "a"];
        let mut stack: Vec<String> = Vec::new();
        for piece in html.split('<').skip(1) {
            let tag = piece.split('>').next().unwrap();
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop().as_deref(), Some(name), "unbalanced </{name}>");
            } else {
                let name = tag.split_whitespace().next().unwrap();
                assert!(ALLOWED.contains(&name), "tag <{name}>");
                stack.push(name.to_owned());
            }
        }
        assert!(stack.is_empty(), "unclosed {stack:?}");
    }

    #[test]
    fn pages_are_clean_html_of_useful_length() {
        for page in PAGES {
            for (content, lang) in [(page.content_en, "en"), (page.content_ar, "ar")] {
                check_tags(content);
                let n = words(content);
                assert!(
                    (150..=400).contains(&n),
                    "{} ({lang}) has {n} words",
                    page.title_en
                );
                // The sanitiser keeps everything: nothing in the content is unsafe.
                assert_eq!(
                    ammonia::clean(content),
                    content,
                    "{} ({lang})",
                    page.title_en
                );
            }
            assert!(
                text(page.content_ar)
                    .chars()
                    .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
            );
            // Arabic text uses Arabic-Indic digits; only the phone number keeps its own.
            let without_phone = text(page.content_ar).replace("+20 2 2735 0000", "");
            assert!(
                !without_phone.chars().any(|c| c.is_ascii_digit()),
                "{}",
                page.title_en
            );
        }
    }

    #[test]
    fn pages_carry_the_store_rules() {
        let about = &PAGES[0];
        assert_eq!((about.kind, about.title_en), ("about", "About Nile Market"));
        assert_eq!(PAGES.iter().filter(|p| p.kind == "policy").count(), 4);
        let returns = PAGES
            .iter()
            .find(|p| p.title_en == "Returns and Refunds")
            .unwrap();
        assert!(
            returns.content_en.contains("within 14 days")
                && returns.content_ar.contains("خلال ١٤ يومًا")
        );
        let delivery = PAGES
            .iter()
            .find(|p| p.title_en == "Delivery Policy")
            .unwrap();
        assert!(
            delivery.content_en.contains("within two days")
                && delivery.content_ar.contains("خلال يومين")
        );
        let terms = PAGES
            .iter()
            .find(|p| p.title_en == "Terms and Conditions")
            .unwrap();
        for word in ["card", "cash", "wallet", "coupon"] {
            assert!(terms.content_en.contains(word), "{word}");
        }
    }

    #[test]
    fn seeds_the_pages_in_order() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("../../migrations/0001_initial.sql"))
            .unwrap();
        let tx = conn.transaction().unwrap();
        seed(&tx).unwrap();
        tx.commit().unwrap();
        let rows: Vec<(i64, String, String)> = conn
            .prepare("SELECT id, category, type FROM static_pages ORDER BY sort")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[0], (1, "customer".into(), "about".into()));
        assert!(rows.iter().all(|r| r.1 == "customer"));
    }
}
