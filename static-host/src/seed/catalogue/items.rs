//! Curated base items. A product is a base item in one of its sizes (and, for
//! packaged groceries, optionally a multipack) sold by one shop, so names read like
//! "Juhayna Full Cream Milk 1 L (Pack of 6)" / "جهينة حليب كامل الدسم ١ لتر (٦ عبوات)".

/// A size: its label and its price relative to the item's base size, in percent.
pub struct Size {
    pub en: &'static str,
    pub ar: &'static str,
    pub pct: u32,
}

const fn s(en: &'static str, ar: &'static str, pct: u32) -> Size {
    Size { en, ar, pct }
}

/// Multipacks an item is also sold in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Packs {
    None,
    /// Packs of 3 and 6.
    Small,
    /// Packs of 6, 12 and 24 (drinks and cups).
    Drinks,
}

/// Units in a multipack, with the per-unit price in percent (bigger packs are cheaper).
pub fn pack_options(packs: Packs) -> &'static [(u32, u32)] {
    match packs {
        Packs::None => &[],
        Packs::Small => &[(3, 97), (6, 95)],
        Packs::Drinks => &[(6, 95), (12, 93), (24, 90)],
    }
}

/// A multipack's label in both languages (Arabic counts 3–10 take the plural,
/// 11 and up the singular).
pub fn pack_label(units: u32) -> (String, String) {
    let digits = arabic_digits(&units.to_string());
    let noun = if units <= 10 {
        "عبوات"
    } else {
        "عبوة"
    };
    (format!("(Pack of {units})"), format!("({digits} {noun})"))
}

/// Western digits to Arabic-Indic digits.
pub fn arabic_digits(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0x0660 + d).unwrap_or(c),
            None => c,
        })
        .collect()
}

pub struct Item {
    pub leaf: &'static str,
    pub brand: Option<&'static str>,
    pub en: &'static str,
    pub ar: &'static str,
    /// Price of the base size (the one at 100%), in whole pounds.
    pub egp: u32,
    pub sizes: &'static [Size],
    pub packs: Packs,
}

const fn it(
    leaf: &'static str,
    brand: Option<&'static str>,
    en: &'static str,
    ar: &'static str,
    egp: u32,
    sizes: &'static [Size],
    packs: Packs,
) -> Item {
    Item {
        leaf,
        brand,
        en,
        ar,
        egp,
        sizes,
        packs,
    }
}

use Packs::{Drinks as PD, None as P0, Small as PS};

// Groceries
const KG: &[Size] = &[
    s("500 g", "٥٠٠ جم", 55),
    s("1 kg", "١ كجم", 100),
    s("2 kg", "٢ كجم", 190),
];
const KG_FINE: &[Size] = &[
    s("250 g", "٢٥٠ جم", 30),
    s("500 g", "٥٠٠ جم", 55),
    s("1 kg", "١ كجم", 100),
];
const BUNCH: &[Size] = &[
    s("1 Bunch", "حزمة واحدة", 100),
    s("3 Bunches", "٣ حزم", 280),
];
const MILK: &[Size] = &[
    s("200 ml", "٢٠٠ مل", 30),
    s("1 L", "١ لتر", 100),
    s("1.5 L", "١٫٥ لتر", 145),
];
const JUICE: &[Size] = &[
    s("235 ml", "٢٣٥ مل", 30),
    s("1 L", "١ لتر", 100),
    s("1.5 L", "١٫٥ لتر", 140),
];
const WATER: &[Size] = &[
    s("330 ml", "٣٣٠ مل", 45),
    s("600 ml", "٦٠٠ مل", 65),
    s("1.5 L", "١٫٥ لتر", 100),
];
const SODA: &[Size] = &[
    s("330 ml Can", "علبة ٣٣٠ مل", 60),
    s("1 L", "١ لتر", 100),
    s("2.25 L", "٢٫٢٥ لتر", 160),
];
const LITRE: &[Size] = &[
    s("750 ml", "٧٥٠ مل", 78),
    s("1 L", "١ لتر", 100),
    s("2.2 L", "٢٫٢ لتر", 210),
];
const CLEANER: &[Size] = &[
    s("500 ml", "٥٠٠ مل", 60),
    s("1 L", "١ لتر", 100),
    s("2 L", "٢ لتر", 185),
];
const CHEESE: &[Size] = &[
    s("250 g", "٢٥٠ جم", 28),
    s("500 g", "٥٠٠ جم", 53),
    s("1 kg", "١ كجم", 100),
];
const SPICE: &[Size] = &[
    s("50 g", "٥٠ جم", 100),
    s("100 g", "١٠٠ جم", 190),
    s("250 g", "٢٥٠ جم", 450),
];
const SNACK: &[Size] = &[s("40 g", "٤٠ جم", 100), s("150 g", "١٥٠ جم", 300)];
const BAR: &[Size] = &[s("40 g", "٤٠ جم", 100), s("100 g", "١٠٠ جم", 230)];
const G250: &[Size] = &[
    s("250 g", "٢٥٠ جم", 100),
    s("500 g", "٥٠٠ جم", 190),
    s("1 kg", "١ كجم", 370),
];
const RICE: &[Size] = &[
    s("1 kg", "١ كجم", 100),
    s("2 kg", "٢ كجم", 195),
    s("5 kg", "٥ كجم", 470),
];
const PASTA: &[Size] = &[s("400 g", "٤٠٠ جم", 100), s("1 kg", "١ كجم", 240)];
const CAN: &[Size] = &[s("400 g", "٤٠٠ جم", 100), s("750 g", "٧٥٠ جم", 175)];
const TUNA: &[Size] = &[s("160 g", "١٦٠ جم", 100)];
const PASTE: &[Size] = &[s("360 g", "٣٦٠ جم", 100), s("700 g", "٧٠٠ جم", 185)];
const TEA_BAGS: &[Size] = &[
    s("25 Bags", "٢٥ كيسًا", 100),
    s("50 Bags", "٥٠ كيسًا", 190),
    s("100 Bags", "١٠٠ كيس", 360),
];
const COFFEE: &[Size] = &[s("100 g", "١٠٠ جم", 100), s("200 g", "٢٠٠ جم", 190)];
const EGGS: &[Size] = &[
    s("6 Eggs", "٦ بيضات", 100),
    s("12 Eggs", "١٢ بيضة", 195),
    s("30 Eggs", "٣٠ بيضة", 470),
];
const CUP: &[Size] = &[s("105 g", "١٠٥ جم", 100)];
const GREEK: &[Size] = &[s("170 g", "١٧٠ جم", 100)];
const BUTTER: &[Size] = &[s("200 g", "٢٠٠ جم", 100), s("500 g", "٥٠٠ جم", 235)];
const CREAM: &[Size] = &[s("200 ml", "٢٠٠ مل", 100), s("500 ml", "٥٠٠ مل", 230)];
const GHEE: &[Size] = &[s("400 g", "٤٠٠ جم", 100), s("800 g", "٨٠٠ جم", 190)];
const LOAVES: &[Size] = &[
    s("5 Loaves", "٥ أرغفة", 100),
    s("10 Loaves", "١٠ أرغفة", 190),
];
const LOAF: &[Size] = &[
    s("Small Loaf", "رغيف صغير", 100),
    s("Large Loaf", "رغيف كبير", 160),
];
const PIECES: &[Size] = &[
    s("1 Piece", "قطعة واحدة", 100),
    s("Box of 6", "علبة ٦ قطع", 560),
    s("Box of 12", "علبة ١٢ قطعة", 1080),
];
const MEAT: &[Size] = &[
    s("500 g", "٥٠٠ جم", 52),
    s("1 kg", "١ كجم", 100),
    s("2 kg", "٢ كجم", 198),
];
const PATTIES: &[Size] = &[s("4 Pieces", "٤ قطع", 100), s("8 Pieces", "٨ قطع", 195)];
const TISSUES: &[Size] = &[s("500 Tissues", "٥٠٠ منديل", 100)];
const TOILET: &[Size] = &[
    s("4 Rolls", "٤ لفات", 100),
    s("9 Rolls", "٩ لفات", 215),
    s("18 Rolls", "١٨ لفة", 410),
];
const ROLLS: &[Size] = &[s("2 Rolls", "لفتان", 100), s("6 Rolls", "٦ لفات", 280)];
const FOIL: &[Size] = &[s("10 m", "١٠ أمتار", 100), s("30 m", "٣٠ مترًا", 260)];
const POWDER: &[Size] = &[
    s("1 kg", "١ كجم", 100),
    s("2.5 kg", "٢٫٥ كجم", 235),
    s("4 kg", "٤ كجم", 360),
];
const DIAPERS: &[Size] = &[
    s("(34 Diapers)", "(٣٤ حفاضة)", 100),
    s("(68 Diapers)", "(٦٨ حفاضة)", 190),
];
const WIPES: &[Size] = &[s("56 pcs", "٥٦ قطعة", 100)];
const G400: &[Size] = &[s("400 g", "٤٠٠ جم", 100), s("800 g", "٨٠٠ جم", 190)];
const JAR: &[Size] = &[s("120 g Jar", "برطمان ١٢٠ جم", 100)];

// Restaurants
const PIZZA: &[Size] = &[
    s("(Small)", "(صغير)", 70),
    s("(Medium)", "(وسط)", 100),
    s("(Large)", "(كبير)", 135),
];
const BURGER: &[Size] = &[
    s("(Single)", "(قطعة واحدة)", 100),
    s("(Double)", "(مزدوج)", 145),
    s("(Single Meal)", "(وجبة)", 140),
    s("(Double Meal)", "(وجبة مزدوجة)", 185),
];
const SANDWICH: &[Size] = &[
    s("(Regular)", "(عادي)", 100),
    s("(Large)", "(كبير)", 140),
    s("(Meal)", "(وجبة)", 170),
];
const GRILL: &[Size] = &[
    s("(Quarter Kilo)", "(ربع كيلو)", 100),
    s("(Half Kilo)", "(نصف كيلو)", 195),
    s("(1 Kilo)", "(كيلو)", 380),
];
const CHICKEN: &[Size] = &[
    s("(Quarter)", "(ربع فرخة)", 100),
    s("(Half)", "(نصف فرخة)", 180),
    s("(Whole)", "(فرخة كاملة)", 340),
];
const PORTION: &[Size] = &[
    s("(Regular)", "(عادي)", 100),
    s("(Large)", "(كبير)", 150),
    s("(Family)", "(عائلي)", 280),
];
const SAND_PLATE: &[Size] = &[
    s("(Sandwich)", "(ساندويتش)", 100),
    s("(Plate)", "(طبق)", 220),
];
const FISH_KG: &[Size] = &[
    s("(Half Kilo)", "(نصف كيلو)", 100),
    s("(1 Kilo)", "(كيلو)", 195),
];
const SIDE: &[Size] = &[s("(Small)", "(صغير)", 100), s("(Large)", "(كبير)", 160)];
const DRINK: &[Size] = &[
    s("(Small)", "(صغير)", 100),
    s("(Medium)", "(وسط)", 125),
    s("(Large)", "(كبير)", 150),
];
const CAKE: &[Size] = &[
    s("(Slice)", "(قطعة)", 100),
    s("(Whole Cake)", "(تورتة كاملة)", 750),
];

// Pharmacy
const TABLETS: &[Size] = &[
    s("(10 Tablets)", "(١٠ أقراص)", 55),
    s("(20 Tablets)", "(٢٠ قرصًا)", 100),
];
const CAPSULES: &[Size] = &[
    s("(30 Capsules)", "(٣٠ كبسولة)", 100),
    s("(60 Capsules)", "(٦٠ كبسولة)", 185),
    s("(90 Capsules)", "(٩٠ كبسولة)", 260),
];
const FIZZY: &[Size] = &[
    s("(10 Tablets)", "(١٠ أقراص)", 100),
    s("(20 Tablets)", "(٢٠ قرصًا)", 185),
];
const SYRUP: &[Size] = &[s("100 ml", "١٠٠ مل", 100), s("200 ml", "٢٠٠ مل", 175)];
const GEL: &[Size] = &[s("50 g", "٥٠ جم", 100), s("100 g", "١٠٠ جم", 175)];
const SPRAY: &[Size] = &[s("20 ml", "٢٠ مل", 100)];
const SACHETS: &[Size] = &[
    s("(10 Sachets)", "(١٠ أكياس)", 100),
    s("(20 Sachets)", "(٢٠ كيسًا)", 190),
];
const PASTE_ML: &[Size] = &[s("75 ml", "٧٥ مل", 100), s("100 ml", "١٠٠ مل", 125)];
const BRUSH: &[Size] = &[
    s("(1 Piece)", "(قطعة واحدة)", 100),
    s("(Pack of 3)", "(٣ قطع)", 270),
];
const ML250: &[Size] = &[s("250 ml", "٢٥٠ مل", 100), s("500 ml", "٥٠٠ مل", 180)];
const ML50: &[Size] = &[s("50 ml", "٥٠ مل", 100), s("100 ml", "١٠٠ مل", 170)];
const STICK: &[Size] = &[s("4 g", "٤ جم", 100)];
const ONE: &[Size] = &[s("", "", 100)];
const STRIPS: &[Size] = &[
    s("(25 Strips)", "(٢٥ شريطًا)", 100),
    s("(50 Strips)", "(٥٠ شريطًا)", 190),
];
const BANDAGES: &[Size] = &[
    s("(20 Pieces)", "(٢٠ قطعة)", 100),
    s("(50 Pieces)", "(٥٠ قطعة)", 220),
];
const MASKS: &[Size] = &[
    s("(10 Masks)", "(١٠ كمامات)", 100),
    s("(50 Masks)", "(٥٠ كمامة)", 420),
];
const BOTTLE: &[Size] = &[s("150 ml", "١٥٠ مل", 100), s("250 ml", "٢٥٠ مل", 120)];

const WADI: Option<&str> = Some("wadi");

/// Groceries, restaurant dishes and pharmacy items.
#[rustfmt::skip]
pub const ITEMS: &[Item] = &[
    // Fruits
    it("fruits", None, "Bananas", "موز", 30, KG, P0),
    it("fruits", None, "Red Apples", "تفاح أحمر", 80, KG, P0),
    it("fruits", None, "Green Apples", "تفاح أخضر", 90, KG, P0),
    it("fruits", None, "Navel Oranges", "برتقال بسرة", 25, KG, P0),
    it("fruits", None, "Mandarins", "يوسفي", 30, KG, P0),
    it("fruits", None, "Mangoes", "مانجو", 70, KG, P0),
    it("fruits", None, "Guava", "جوافة", 35, KG, P0),
    it("fruits", WADI, "Strawberries", "فراولة", 60, KG_FINE, P0),
    it("fruits", None, "White Grapes", "عنب أبيض", 55, KG, P0),
    it("fruits", None, "Pomegranates", "رمان", 45, KG, P0),
    it("fruits", None, "Baladi Lemons", "ليمون بلدي", 30, KG, P0),
    it("fruits", WADI, "Siwa Dates", "تمر سيوي", 90, KG_FINE, P0),
    // Vegetables
    it("vegetables", None, "Tomatoes", "طماطم", 20, KG, P0),
    it("vegetables", None, "Cucumbers", "خيار", 20, KG, P0),
    it("vegetables", None, "Potatoes", "بطاطس", 18, KG, P0),
    it("vegetables", None, "Red Onions", "بصل أحمر", 20, KG, P0),
    it("vegetables", None, "Carrots", "جزر", 18, KG, P0),
    it("vegetables", None, "Bell Peppers", "فلفل رومي", 40, KG, P0),
    it("vegetables", None, "Zucchini", "كوسة", 25, KG, P0),
    it("vegetables", None, "Eggplant", "باذنجان", 20, KG, P0),
    it("vegetables", None, "Garlic", "ثوم", 80, KG_FINE, P0),
    it("vegetables", None, "Okra", "بامية", 45, KG_FINE, P0),
    it("vegetables", None, "Green Beans", "فاصوليا خضراء", 35, KG, P0),
    it("vegetables", WADI, "Fresh Molokhia", "ملوخية خضراء", 30, KG_FINE, P0),
    // Herbs
    it("herbs", None, "Parsley", "بقدونس", 5, BUNCH, P0),
    it("herbs", None, "Coriander", "كزبرة خضراء", 5, BUNCH, P0),
    it("herbs", None, "Dill", "شبت", 5, BUNCH, P0),
    it("herbs", None, "Mint", "نعناع", 6, BUNCH, P0),
    it("herbs", None, "Rocket", "جرجير", 5, BUNCH, P0),
    it("herbs", None, "Spring Onions", "بصل أخضر", 6, BUNCH, P0),
    // Milk
    it("milk", Some("juhayna"), "Full Cream Milk", "حليب كامل الدسم", 40, MILK, PS),
    it("milk", Some("juhayna"), "Skimmed Milk", "حليب خالي الدسم", 40, MILK, PS),
    it("milk", Some("almarai"), "Full Cream Milk", "حليب كامل الدسم", 42, MILK, PS),
    it("milk", Some("almarai"), "Low Fat Milk", "حليب قليل الدسم", 42, MILK, PS),
    it("milk", Some("juhayna"), "Chocolate Milk", "حليب بالشوكولاتة", 48, MILK, PD),
    it("milk", Some("almarai"), "Strawberry Milk", "حليب بالفراولة", 48, MILK, PD),
    it("milk", WADI, "Fresh Farm Milk", "حليب طازج من المزرعة", 36, MILK, P0),
    // Cheese
    it("cheese", Some("domty"), "Feta Cheese", "جبنة فيتا", 110, CHEESE, P0),
    it("cheese", Some("domty"), "Istanbuli White Cheese", "جبنة إسطنبولي بيضاء", 100, CHEESE, P0),
    it("cheese", Some("almarai"), "Cheddar Cheese", "جبنة شيدر", 300, CHEESE, P0),
    it("cheese", None, "Aged Roumy Cheese", "جبنة رومي معتقة", 320, CHEESE, P0),
    it("cheese", Some("domty"), "Mozzarella Cheese", "جبنة موتزاريلا", 280, CHEESE, P0),
    it("cheese", None, "Halloumi Cheese", "جبنة حلوم", 350, CHEESE, P0),
    it("cheese", Some("juhayna"), "Cream Cheese", "جبنة كريمي", 160, CHEESE, P0),
    // Yogurt
    it("yogurt", Some("juhayna"), "Plain Yogurt", "زبادي سادة", 9, CUP, PD),
    it("yogurt", Some("almarai"), "Plain Yogurt", "زبادي سادة", 10, CUP, PD),
    it("yogurt", Some("juhayna"), "Strawberry Yogurt", "زبادي بالفراولة", 12, CUP, PD),
    it("yogurt", Some("almarai"), "Greek Yogurt", "زبادي يوناني", 22, GREEK, PS),
    it("yogurt", Some("juhayna"), "Laban Rayeb", "لبن رايب", 35, MILK, PS),
    // Eggs
    it("eggs", WADI, "White Eggs", "بيض أبيض", 40, EGGS, P0),
    it("eggs", WADI, "Baladi Brown Eggs", "بيض بلدي أحمر", 45, EGGS, P0),
    it("eggs", WADI, "Free-Range Eggs", "بيض مزارع حرة", 60, EGGS, P0),
    // Butter & cream
    it("butter", Some("almarai"), "Unsalted Butter", "زبدة غير مملحة", 95, BUTTER, P0),
    it("butter", Some("juhayna"), "Cooking Cream", "كريمة طبخ", 38, CREAM, PS),
    it("butter", Some("almarai"), "Whipping Cream", "كريمة خفق", 48, CREAM, P0),
    it("butter", WADI, "Baladi Ghee", "سمن بلدي", 180, GHEE, P0),
    it("butter", None, "Fresh Eshta Cream", "قشطة طازجة", 70, BUTTER, P0),
    // Bread
    it("bread", None, "Baladi Bread", "عيش بلدي", 10, LOAVES, P0),
    it("bread", None, "Shami Bread", "عيش شامي", 15, LOAVES, P0),
    it("bread", Some("wheat"), "White Toast Bread", "عيش توست أبيض", 35, LOAF, P0),
    it("bread", Some("wheat"), "Brown Toast Bread", "عيش توست أسمر", 40, LOAF, P0),
    it("bread", None, "French Baguette", "خبز باجيت فرنسي", 15, LOAVES, P0),
    it("bread", Some("wheat"), "Whole Wheat Pita", "عيش قمح كامل", 20, LOAVES, P0),
    // Pastries
    it("pastries", None, "Butter Croissant", "كرواسون بالزبدة", 20, PIECES, P0),
    it("pastries", None, "Cheese Pate", "باتيه بالجبنة", 15, PIECES, P0),
    it("pastries", None, "Cheese Sambousek", "سمبوسك بالجبنة", 10, PIECES, P0),
    it("pastries", None, "Chocolate Croissant", "كرواسون بالشوكولاتة", 25, PIECES, P0),
    it("pastries", None, "Date Kahk", "كحك بالعجوة", 12, PIECES, P0),
    it("pastries", None, "Feteer Meshaltet", "فطير مشلتت", 90, LOAF, P0),
    // Cakes & biscuits
    it("cakes", Some("wheat"), "Date Biscuits", "بسكويت بالعجوة", 60, G250, P0),
    it("cakes", None, "Butter Cookies", "كوكيز بالزبدة", 80, G250, P0),
    it("cakes", None, "Marble Cake", "كيكة رخامية", 70, G250, P0),
    it("cakes", None, "Chocolate Cake", "كيكة شوكولاتة", 90, G250, P0),
    it("cakes", Some("wheat"), "Sesame Rusks", "بقسماط بالسمسم", 40, G250, PS),
    // Beef
    it("beef", None, "Beef Cubes", "لحم بقري مكعبات", 450, MEAT, P0),
    it("beef", None, "Beef Steak", "ستيك لحم بقري", 550, MEAT, P0),
    it("beef", None, "Veal Escalope", "إسكالوب بتلو", 520, MEAT, P0),
    it("beef", None, "Beef Liver", "كبدة بقري", 380, MEAT, P0),
    it("beef", None, "Lamb Chops", "ريش ضاني", 650, MEAT, P0),
    // Poultry
    it("poultry", WADI, "Whole Chicken", "فرخة كاملة", 120, MEAT, P0),
    it("poultry", WADI, "Chicken Breasts", "صدور فراخ", 230, MEAT, P0),
    it("poultry", WADI, "Chicken Thighs", "أوراك فراخ", 160, MEAT, P0),
    it("poultry", WADI, "Chicken Wings", "أجنحة فراخ", 120, MEAT, P0),
    it("poultry", None, "Whole Duck", "بطة كاملة", 190, MEAT, P0),
    // Minced & processed
    it("minced", None, "Minced Beef", "لحم مفروم", 420, MEAT, P0),
    it("minced", None, "Beef Kofta", "كفتة لحم", 400, MEAT, P0),
    it("minced", None, "Sogo' Beef Sausage", "سجق بلدي", 350, MEAT, P0),
    it("minced", None, "Beef Burger Patties", "أقراص برجر لحم", 140, PATTIES, P0),
    it("minced", None, "Smoked Beef Luncheon", "لانشون لحم مدخن", 90, G250, P0),
    it("minced", None, "Basterma", "بسطرمة", 180, G250, P0),
    // Fish
    it("fish", None, "Tilapia", "سمك بلطي", 90, MEAT, P0),
    it("fish", None, "Sea Bream", "سمك دنيس", 350, MEAT, P0),
    it("fish", None, "Jumbo Shrimp", "جمبري جامبو", 600, MEAT, P0),
    it("fish", None, "Fresh Sardines", "سردين طازج", 80, MEAT, P0),
    it("fish", None, "Salmon Fillet", "فيليه سلمون", 950, MEAT, P0),
    // Water
    it("water", Some("sinai"), "Natural Mineral Water", "مياه معدنية طبيعية", 8, WATER, PD),
    it("water", Some("sinai"), "Sparkling Water", "مياه فوارة", 15, WATER, PD),
    // Juices
    it("juices", Some("juhayna"), "Orange Juice", "عصير برتقال", 42, JUICE, PD),
    it("juices", Some("juhayna"), "Mango Juice", "عصير مانجو", 42, JUICE, PD),
    it("juices", Some("bustan"), "Guava Juice", "عصير جوافة", 38, JUICE, PD),
    it("juices", Some("bustan"), "Apple Juice", "عصير تفاح", 40, JUICE, PD),
    it("juices", Some("bustan"), "Mixed Fruit Cocktail Juice", "عصير كوكتيل فواكه", 40, JUICE, PD),
    it("juices", Some("almarai"), "Pomegranate Juice", "عصير رمان", 55, JUICE, PD),
    // Soft drinks
    it("soft_drinks", Some("nile_cola"), "Original", "الأصلية", 25, SODA, PD),
    it("soft_drinks", Some("nile_cola"), "Zero Sugar", "بدون سكر", 25, SODA, PD),
    it("soft_drinks", Some("nile_cola"), "Lemon Soda", "صودا بالليمون", 22, SODA, PD),
    it("soft_drinks", Some("nile_cola"), "Orange Soda", "صودا بالبرتقال", 22, SODA, PD),
    // Tea & coffee
    it("tea_coffee", Some("nefertiti"), "Black Tea", "شاي أسود", 45, TEA_BAGS, P0),
    it("tea_coffee", Some("nefertiti"), "Green Tea", "شاي أخضر", 50, TEA_BAGS, P0),
    it("tea_coffee", Some("nefertiti"), "Hibiscus", "كركديه", 40, TEA_BAGS, P0),
    it("tea_coffee", Some("nefertiti"), "Chamomile", "بابونج", 45, TEA_BAGS, P0),
    it("tea_coffee", None, "Turkish Coffee with Cardamom", "بن تركي محوج", 120, COFFEE, P0),
    it("tea_coffee", None, "Instant Coffee", "قهوة سريعة الذوبان", 150, COFFEE, PS),
    // Chips
    it("chips", Some("cleopatra"), "Salted Potato Chips", "رقائق بطاطس مملحة", 10, SNACK, PS),
    it("chips", Some("cleopatra"), "Cheese Potato Chips", "رقائق بطاطس بالجبنة", 10, SNACK, PS),
    it("chips", Some("cleopatra"), "Tomato Ketchup Potato Chips", "رقائق بطاطس بالكاتشب", 10, SNACK, PS),
    it("chips", Some("cleopatra"), "Salt & Vinegar Potato Chips", "رقائق بطاطس بالملح والخل", 10, SNACK, PS),
    // Chocolate
    it("chocolate", Some("cleopatra"), "Milk Chocolate Bar", "لوح شوكولاتة بالحليب", 25, BAR, PS),
    it("chocolate", Some("cleopatra"), "Dark Chocolate 70%", "شوكولاتة داكنة ٧٠٪", 35, BAR, PS),
    it("chocolate", Some("cleopatra"), "Hazelnut Chocolate", "شوكولاتة بالبندق", 30, BAR, PS),
    it("chocolate", Some("cleopatra"), "Chocolate Wafer", "ويفر بالشوكولاتة", 12, BAR, PD),
    // Nuts
    it("nuts", None, "Roasted Peanuts", "فول سوداني محمص", 50, G250, P0),
    it("nuts", None, "Salted Cashews", "كاجو مملح", 220, G250, P0),
    it("nuts", None, "Roasted Almonds", "لوز محمص", 200, G250, P0),
    it("nuts", None, "White Pumpkin Seeds", "لب أبيض", 70, G250, P0),
    it("nuts", None, "Mixed Nuts", "مكسرات مشكلة", 210, G250, P0),
    // Rice & pasta
    it("rice_pasta", Some("delta"), "Egyptian Rice", "أرز مصري", 35, RICE, P0),
    it("rice_pasta", Some("delta"), "Basmati Rice", "أرز بسمتي", 90, RICE, P0),
    it("rice_pasta", Some("wheat"), "Spaghetti", "مكرونة إسباجتي", 18, PASTA, PS),
    it("rice_pasta", Some("wheat"), "Penne Pasta", "مكرونة قلم", 18, PASTA, PS),
    it("rice_pasta", Some("wheat"), "Vermicelli", "شعرية", 16, PASTA, PS),
    it("rice_pasta", Some("wheat"), "Elbow Macaroni", "مكرونة كوع", 18, PASTA, PS),
    // Oils
    it("oils", Some("delta"), "Sunflower Oil", "زيت عباد الشمس", 85, LITRE, P0),
    it("oils", Some("delta"), "Corn Oil", "زيت ذرة", 95, LITRE, P0),
    it("oils", Some("delta"), "Extra Virgin Olive Oil", "زيت زيتون بكر ممتاز", 380, LITRE, P0),
    it("oils", None, "Blended Cooking Oil", "زيت طعام خليط", 70, LITRE, P0),
    // Spices
    it("spices", Some("aswan"), "Ground Cumin", "كمون مطحون", 25, SPICE, P0),
    it("spices", Some("aswan"), "Ground Black Pepper", "فلفل أسود مطحون", 30, SPICE, P0),
    it("spices", Some("aswan"), "Sweet Paprika", "بابريكا حلوة", 25, SPICE, P0),
    it("spices", Some("aswan"), "Cinnamon Sticks", "قرفة عيدان", 35, SPICE, P0),
    it("spices", Some("aswan"), "Mixed Spices", "بهارات مشكلة", 30, SPICE, P0),
    it("spices", Some("aswan"), "Ground Coriander", "كزبرة ناشفة مطحونة", 20, SPICE, P0),
    it("spices", Some("aswan"), "Dukkah", "دقة مصرية", 30, SPICE, P0),
    // Canned
    it("canned", Some("delta"), "Foul Medames", "فول مدمس", 18, CAN, PS),
    it("canned", None, "Tuna Chunks in Oil", "تونة قطع بالزيت", 45, TUNA, PS),
    it("canned", Some("delta"), "Tomato Paste", "صلصة طماطم", 22, PASTE, PS),
    it("canned", Some("delta"), "Sweet Corn", "ذرة حلوة", 30, CAN, PS),
    it("canned", Some("delta"), "Boiled Chickpeas", "حمص مسلوق", 25, CAN, PS),
    // Legumes
    it("legumes", Some("delta"), "Yellow Lentils", "عدس أصفر", 60, RICE, P0),
    it("legumes", Some("delta"), "Brown Lentils", "عدس بجبة", 55, RICE, P0),
    it("legumes", Some("delta"), "Dried Fava Beans", "فول بلدي ناشف", 45, RICE, P0),
    it("legumes", Some("delta"), "White Beans", "فاصوليا بيضاء ناشفة", 70, RICE, P0),
    it("legumes", Some("delta"), "Dried Chickpeas", "حمص الشام", 75, RICE, P0),
    // Baking
    it("baking", Some("delta"), "White Sugar", "سكر أبيض", 35, RICE, P0),
    it("baking", Some("delta"), "Brown Sugar", "سكر بني", 60, RICE, P0),
    it("baking", Some("wheat"), "All-Purpose Flour", "دقيق متعدد الاستخدامات", 30, RICE, P0),
    it("baking", Some("wheat"), "Fine Semolina", "سميد ناعم", 35, RICE, P0),
    it("baking", WADI, "Clover Honey", "عسل نحل برسيم", 120, G250, P0),
    // Cleaning
    it("cleaning", Some("lamaa"), "Lemon Dishwashing Liquid", "سائل غسيل أطباق بالليمون", 55, CLEANER, P0),
    it("cleaning", Some("lamaa"), "Pine Floor Cleaner", "منظف أرضيات برائحة الصنوبر", 50, CLEANER, P0),
    it("cleaning", Some("lamaa"), "Glass Cleaner", "منظف زجاج", 45, CLEANER, P0),
    it("cleaning", Some("lamaa"), "Household Bleach", "كلور منزلي", 25, CLEANER, P0),
    it("cleaning", Some("lamaa"), "Kitchen Degreaser", "مزيل دهون للمطبخ", 60, CLEANER, P0),
    // Paper
    it("paper", Some("lamaa"), "Facial Tissues", "مناديل وجه", 30, TISSUES, PS),
    it("paper", Some("lamaa"), "Toilet Paper", "ورق تواليت", 45, TOILET, P0),
    it("paper", Some("lamaa"), "Kitchen Towels", "مناديل مطبخ", 35, ROLLS, P0),
    it("paper", Some("lamaa"), "Aluminium Foil", "ورق ألومنيوم", 40, FOIL, P0),
    it("paper", Some("lamaa"), "Cling Film", "غلاف بلاستيك للطعام", 35, FOIL, P0),
    // Laundry
    it("laundry", Some("lamaa"), "Automatic Laundry Powder", "مسحوق غسيل أوتوماتيك", 90, POWDER, P0),
    it("laundry", Some("lamaa"), "Liquid Laundry Detergent", "منظف غسيل سائل", 110, CLEANER, P0),
    it("laundry", Some("lamaa"), "Fabric Softener", "منعم أقمشة", 65, CLEANER, P0),
    // Diapers & wipes
    it("diapers", Some("steps"), "Baby Diapers Size 3", "حفاضات أطفال مقاس ٣", 260, DIAPERS, P0),
    it("diapers", Some("steps"), "Baby Diapers Size 4", "حفاضات أطفال مقاس ٤", 280, DIAPERS, P0),
    it("diapers", Some("steps"), "Newborn Diapers", "حفاضات حديثي الولادة", 240, DIAPERS, P0),
    it("diapers", Some("steps"), "Baby Wipes", "مناديل مبللة للأطفال", 45, WIPES, PS),
    // Baby food
    it("baby_food", Some("steps"), "Infant Formula Stage 1", "حليب أطفال المرحلة الأولى", 290, G400, P0),
    it("baby_food", Some("steps"), "Infant Formula Stage 2", "حليب أطفال المرحلة الثانية", 280, G400, P0),
    it("baby_food", Some("steps"), "Rice Cereal", "حبوب الأرز للأطفال", 95, G400, P0),
    it("baby_food", Some("steps"), "Apple Puree", "هريس التفاح للأطفال", 35, JAR, PS),
    // Restaurants: pizza
    it("pizza_classic", None, "Margherita Pizza", "بيتزا مارجريتا", 160, PIZZA, P0),
    it("pizza_classic", None, "Pepperoni Pizza", "بيتزا بيبروني", 200, PIZZA, P0),
    it("pizza_classic", None, "Vegetable Pizza", "بيتزا خضروات", 170, PIZZA, P0),
    it("pizza_classic", None, "Four Cheese Pizza", "بيتزا أربع أجبان", 220, PIZZA, P0),
    it("pizza_special", None, "Chicken Ranch Pizza", "بيتزا فراخ رانش", 230, PIZZA, P0),
    it("pizza_special", None, "Sogo' Sausage Pizza", "بيتزا سجق", 210, PIZZA, P0),
    it("pizza_special", None, "Seafood Pizza", "بيتزا مأكولات بحرية", 290, PIZZA, P0),
    it("pizza_special", None, "Barbecue Chicken Pizza", "بيتزا فراخ باربكيو", 230, PIZZA, P0),
    it("pizza_special", None, "Basterma Pizza", "بيتزا بسطرمة", 240, PIZZA, P0),
    // Burgers
    it("beef_burgers", None, "Classic Beef Burger", "برجر لحم كلاسيكي", 150, BURGER, P0),
    it("beef_burgers", None, "Cheeseburger", "برجر لحم بالجبنة", 165, BURGER, P0),
    it("beef_burgers", None, "Mushroom Swiss Burger", "برجر بالمشروم والجبنة السويسرية", 185, BURGER, P0),
    it("beef_burgers", None, "Smashed Beef Burger", "برجر لحم مضغوط", 170, BURGER, P0),
    it("beef_burgers", None, "Smoked Beef Burger", "برجر باللحم المدخن", 190, BURGER, P0),
    it("chicken_burgers", None, "Crispy Chicken Burger", "برجر فراخ مقرمشة", 140, BURGER, P0),
    it("chicken_burgers", None, "Grilled Chicken Burger", "برجر فراخ مشوية", 135, BURGER, P0),
    it("chicken_burgers", None, "Spicy Crispy Chicken Burger", "برجر فراخ مقرمشة حار", 145, BURGER, P0),
    // Sandwiches
    it("hot_sandwiches", None, "Chicken Shawarma Sandwich", "ساندويتش شاورما فراخ", 85, SANDWICH, P0),
    it("hot_sandwiches", None, "Beef Shawarma Sandwich", "ساندويتش شاورما لحم", 110, SANDWICH, P0),
    it("hot_sandwiches", None, "Alexandrian Liver Sandwich", "ساندويتش كبدة إسكندراني", 60, SANDWICH, P0),
    it("hot_sandwiches", None, "Sausage Sandwich", "ساندويتش سجق", 60, SANDWICH, P0),
    it("hot_sandwiches", None, "Hawawshi", "حواوشي", 75, SANDWICH, P0),
    it("wraps", None, "Chicken Caesar Wrap", "لفافة فراخ سيزر", 120, SANDWICH, P0),
    it("wraps", None, "Falafel Wrap", "لفافة طعمية", 45, SANDWICH, P0),
    it("wraps", None, "Halloumi Wrap", "لفافة جبنة حلوم", 100, SANDWICH, P0),
    // Grills
    it("kebab", None, "Mixed Kebab & Kofta", "كباب وكفتة مشكل", 260, GRILL, P0),
    it("kebab", None, "Grilled Kofta", "كفتة مشوية", 220, GRILL, P0),
    it("kebab", None, "Lamb Kebab", "كباب ضاني", 300, GRILL, P0),
    it("kebab", None, "Grilled Lamb Chops", "ريش ضاني مشوية", 320, GRILL, P0),
    it("kebab", None, "Tarb", "طرب", 240, GRILL, P0),
    it("grilled_chicken", None, "Charcoal Grilled Chicken", "فراخ مشوية على الفحم", 110, CHICKEN, P0),
    it("grilled_chicken", None, "Shish Tawook", "شيش طاووق", 130, SAND_PLATE, P0),
    it("grilled_chicken", None, "Grilled Chicken Wings", "أجنحة فراخ مشوية", 120, SIDE, P0),
    // Egyptian dishes
    it("koshary", None, "Classic Koshary", "كشري مصري", 45, PORTION, P0),
    it("koshary", None, "Alexandrian Yellow Koshary", "كشري أصفر إسكندراني", 50, PORTION, P0),
    it("koshary", None, "Macarona Bechamel", "مكرونة بشاميل", 90, PORTION, P0),
    it("koshary", None, "Pasta with Red Sauce", "مكرونة بالصلصة", 55, PORTION, P0),
    it("foul_falafel", None, "Foul Medames", "فول مدمس", 15, SAND_PLATE, P0),
    it("foul_falafel", None, "Foul with Eggs", "فول بالبيض", 22, SAND_PLATE, P0),
    it("foul_falafel", None, "Falafel", "طعمية", 12, SAND_PLATE, P0),
    it("foul_falafel", None, "Stuffed Falafel", "طعمية محشية", 18, SAND_PLATE, P0),
    it("foul_falafel", None, "Shakshuka", "شكشوكة", 30, SAND_PLATE, P0),
    it("foul_falafel", None, "Fried Eggplant", "باذنجان مقلي", 15, SAND_PLATE, P0),
    it("casseroles", None, "Mixed Mahshi", "محشي مشكل", 120, PORTION, P0),
    it("casseroles", None, "Stuffed Vine Leaves", "محشي ورق عنب", 110, PORTION, P0),
    it("casseroles", None, "Fatta with Beef", "فتة باللحمة", 220, PORTION, P0),
    it("casseroles", None, "Okra Tagine with Beef", "طاجن بامية باللحمة", 200, PORTION, P0),
    it("casseroles", None, "Molokhia with Rabbit", "ملوخية بالأرانب", 210, PORTION, P0),
    it("casseroles", None, "Stuffed Pigeon", "حمام محشي", 180, PORTION, P0),
    // Seafood
    it("fish_dishes", None, "Grilled Sea Bream", "دنيس مشوي", 320, FISH_KG, P0),
    it("fish_dishes", None, "Fried Tilapia", "بلطي مقلي", 130, FISH_KG, P0),
    it("fish_dishes", None, "Sayadeya Fish with Rice", "سمك صيادية بالأرز", 200, FISH_KG, P0),
    it("fish_dishes", None, "Fried Fish Fillet", "فيليه سمك مقلي", 180, FISH_KG, P0),
    it("shrimp", None, "Fried Calamari", "كاليماري مقلي", 220, SIDE, P0),
    it("shrimp", None, "Grilled Shrimp", "جمبري مشوي", 320, SIDE, P0),
    it("shrimp", None, "Shrimp Pasta", "مكرونة بالجمبري", 240, SIDE, P0),
    it("shrimp", None, "Seafood Soup", "شوربة مأكولات بحرية", 150, SIDE, P0),
    // Salads
    it("green_salads", None, "Green Salad", "سلطة خضراء", 35, SIDE, P0),
    it("green_salads", None, "Caesar Salad", "سلطة سيزر", 95, SIDE, P0),
    it("green_salads", None, "Greek Salad", "سلطة يونانية", 90, SIDE, P0),
    it("green_salads", None, "Tabbouleh", "تبولة", 55, SIDE, P0),
    it("green_salads", None, "Fattoush", "فتوش", 60, SIDE, P0),
    it("appetizers", None, "Tahini", "طحينة", 20, SIDE, P0),
    it("appetizers", None, "Baba Ghanoush", "بابا غنوج", 30, SIDE, P0),
    it("appetizers", None, "Hummus", "حمص بالطحينة", 35, SIDE, P0),
    it("appetizers", None, "French Fries", "بطاطس محمرة", 40, SIDE, P0),
    it("appetizers", None, "Mixed Pickles", "مخلل مشكل", 15, SIDE, P0),
    // Desserts
    it("oriental_sweets", None, "Om Ali", "أم علي", 70, PORTION, P0),
    it("oriental_sweets", None, "Kunafa with Cream", "كنافة بالقشطة", 80, PORTION, P0),
    it("oriental_sweets", None, "Basbousa", "بسبوسة", 50, PORTION, P0),
    it("oriental_sweets", None, "Rice Pudding", "أرز باللبن", 35, PORTION, P0),
    it("oriental_sweets", None, "Mahalabia", "مهلبية", 35, PORTION, P0),
    it("oriental_sweets", None, "Luqmat El Qadi", "لقمة القاضي", 45, PORTION, P0),
    it("cakes_ice_cream", None, "Chocolate Fudge Cake", "كيكة شوكولاتة فادج", 85, CAKE, P0),
    it("cakes_ice_cream", None, "Strawberry Cheesecake", "تشيز كيك بالفراولة", 95, CAKE, P0),
    it("cakes_ice_cream", None, "Mango Ice Cream", "آيس كريم مانجو", 45, DRINK, P0),
    it("cakes_ice_cream", None, "Vanilla Ice Cream", "آيس كريم فانيليا", 40, DRINK, P0),
    // Drinks
    it("hot_drinks", None, "Turkish Coffee", "قهوة تركي", 35, DRINK, P0),
    it("hot_drinks", None, "Espresso", "إسبريسو", 45, DRINK, P0),
    it("hot_drinks", None, "Cappuccino", "كابتشينو", 65, DRINK, P0),
    it("hot_drinks", None, "Caffe Latte", "كافيه لاتيه", 65, DRINK, P0),
    it("hot_drinks", None, "Tea with Mint", "شاي بالنعناع", 25, DRINK, P0),
    it("hot_drinks", None, "Hot Chocolate", "شوكولاتة ساخنة", 60, DRINK, P0),
    it("hot_drinks", None, "Sahlab with Nuts", "سحلب بالمكسرات", 55, DRINK, P0),
    it("cold_drinks", None, "Fresh Orange Juice", "عصير برتقال طازج", 45, DRINK, P0),
    it("cold_drinks", None, "Fresh Mango Juice", "عصير مانجو طازج", 55, DRINK, P0),
    it("cold_drinks", None, "Lemon with Mint", "ليمون بالنعناع", 40, DRINK, P0),
    it("cold_drinks", None, "Iced Latte", "لاتيه مثلج", 70, DRINK, P0),
    it("cold_drinks", None, "Sugarcane Juice", "عصير قصب", 25, DRINK, P0),
    it("cold_drinks", Some("r_cola"), "Soft Drink", "مشروب غازي", 20, DRINK, P0),
    it("cold_drinks", Some("r_sinai"), "Mineral Water", "مياه معدنية", 10, DRINK, P0),
    // Pharmacy: medicines
    it("pain_relief", Some("nile_pharma"), "Paracetamol 500 mg Tablets", "أقراص باراسيتامول ٥٠٠ مجم", 30, TABLETS, P0),
    it("pain_relief", Some("shifa"), "Ibuprofen 400 mg Tablets", "أقراص إيبوبروفين ٤٠٠ مجم", 40, TABLETS, P0),
    it("pain_relief", Some("nile_pharma"), "Paracetamol Extra Tablets", "أقراص باراسيتامول إكسترا", 45, TABLETS, P0),
    it("pain_relief", Some("shifa"), "Muscle Pain Relief Gel", "جل مسكن لآلام العضلات", 65, GEL, P0),
    it("pain_relief", Some("nile_pharma"), "Diclofenac Gel", "جل ديكلوفيناك", 55, GEL, P0),
    it("cold_flu", Some("nile_pharma"), "Cold & Flu Tablets", "أقراص البرد والإنفلونزا", 50, TABLETS, P0),
    it("cold_flu", Some("shifa"), "Dry Cough Syrup", "شراب للكحة الجافة", 60, SYRUP, P0),
    it("cold_flu", Some("shifa"), "Chesty Cough Syrup", "شراب طارد للبلغم", 60, SYRUP, P0),
    it("cold_flu", Some("nile_pharma"), "Honey & Lemon Throat Lozenges", "أقراص استحلاب بالعسل والليمون", 35, TABLETS, P0),
    it("cold_flu", Some("shifa"), "Saline Nasal Spray", "بخاخ أنف بالمحلول الملحي", 45, SPRAY, P0),
    it("vitamins", Some("hayat"), "Vitamin C 1000 mg Effervescent", "فيتامين سي ١٠٠٠ مجم فوار", 70, FIZZY, P0),
    it("vitamins", Some("hayat"), "Vitamin D3 1000 IU", "فيتامين د٣ ١٠٠٠ وحدة دولية", 120, CAPSULES, P0),
    it("vitamins", Some("hayat"), "Daily Multivitamin", "فيتامينات متعددة يومية", 180, CAPSULES, P0),
    it("vitamins", Some("hayat"), "Omega-3 Fish Oil", "أوميجا ٣ زيت السمك", 220, CAPSULES, P0),
    it("vitamins", Some("hayat"), "Zinc 50 mg", "زنك ٥٠ مجم", 90, CAPSULES, P0),
    it("vitamins", Some("hayat"), "Iron with Folic Acid", "حديد مع حمض الفوليك", 85, CAPSULES, P0),
    it("digestive", Some("shifa"), "Antacid Chewable Tablets", "أقراص مضغ مضادة للحموضة", 35, TABLETS, P0),
    it("digestive", Some("nile_pharma"), "Oral Rehydration Salts", "أملاح معالجة الجفاف", 25, SACHETS, P0),
    it("digestive", Some("hayat"), "Probiotic Capsules", "كبسولات بروبيوتيك", 160, CAPSULES, P0),
    it("digestive", Some("shifa"), "Anti-Gas Drops", "نقط طاردة للغازات", 40, SPRAY, P0),
    // Personal care
    it("oral_care", Some("smile"), "Whitening Toothpaste", "معجون أسنان للتبييض", 45, PASTE_ML, P0),
    it("oral_care", Some("smile"), "Sensitive Teeth Toothpaste", "معجون للأسنان الحساسة", 60, PASTE_ML, P0),
    it("oral_care", Some("smile"), "Soft Toothbrush", "فرشاة أسنان ناعمة", 30, BRUSH, P0),
    it("oral_care", Some("smile"), "Mint Mouthwash", "غسول فم بالنعناع", 70, ML250, P0),
    it("oral_care", Some("smile"), "Dental Floss", "خيط أسنان", 40, ONE, P0),
    it("hair_care", Some("yasmine"), "Anti-Dandruff Shampoo", "شامبو ضد القشرة", 90, ML250, P0),
    it("hair_care", Some("yasmine"), "Argan Oil Shampoo", "شامبو بزيت الأرجان", 95, ML250, P0),
    it("hair_care", Some("yasmine"), "Hair Conditioner", "بلسم للشعر", 85, ML250, P0),
    it("hair_care", Some("yasmine"), "Castor Hair Oil", "زيت خروع للشعر", 55, BOTTLE, P0),
    it("bath_body", Some("yasmine"), "Jasmine Shower Gel", "جل استحمام بالياسمين", 75, ML250, P0),
    it("bath_body", Some("yasmine"), "Liquid Hand Soap", "صابون سائل لليدين", 45, ML250, P0),
    it("bath_body", Some("shifa"), "Hand Sanitiser Gel", "جل معقم لليدين", 35, BOTTLE, P0),
    it("bath_body", Some("yasmine"), "Roll-On Deodorant", "مزيل عرق رول أون", 65, ML50, P0),
    // Baby care
    it("baby_bath", Some("hanan"), "Tear-Free Baby Shampoo", "شامبو أطفال لا يسبب الدموع", 70, ML250, P0),
    it("baby_bath", Some("hanan"), "Baby Lotion", "لوشن أطفال", 75, ML250, P0),
    it("baby_bath", Some("hanan"), "Diaper Rash Cream", "كريم التسلخات للأطفال", 60, GEL, P0),
    it("baby_bath", Some("hanan"), "Baby Oil", "زيت أطفال", 55, BOTTLE, P0),
    it("baby_feeding", Some("hanan"), "Feeding Bottle 250 ml", "رضاعة ٢٥٠ مل", 120, ONE, P0),
    it("baby_feeding", Some("hanan"), "Silicone Pacifier", "لهاية سيليكون", 60, BRUSH, P0),
    it("baby_feeding", Some("hanan"), "Bottle Cleaning Brush", "فرشاة تنظيف الرضاعات", 45, ONE, P0),
    it("baby_diapers", Some("hanan"), "Sensitive Baby Wipes", "مناديل مبللة للبشرة الحساسة", 50, WIPES, P0),
    it("baby_diapers", Some("hanan"), "Premium Diapers Size 2", "حفاضات ممتازة مقاس ٢", 270, DIAPERS, P0),
    it("baby_diapers", Some("hanan"), "Premium Diapers Size 5", "حفاضات ممتازة مقاس ٥", 300, DIAPERS, P0),
    // Skin care
    it("moisturizers", Some("pure_skin"), "Daily Moisturising Cream", "كريم ترطيب يومي", 150, ML50, P0),
    it("moisturizers", Some("pure_skin"), "Hand Cream", "كريم لليدين", 70, ML50, P0),
    it("moisturizers", Some("pure_skin"), "Lip Balm", "مرطب شفاه", 40, STICK, P0),
    it("moisturizers", Some("pure_skin"), "Body Lotion", "لوشن للجسم", 110, ML250, P0),
    it("sun_care", Some("shams"), "Sunscreen Cream SPF 50", "كريم واقٍ من الشمس بعامل حماية ٥٠", 240, ML50, P0),
    it("sun_care", Some("shams"), "Kids Sunscreen SPF 50", "واقٍ من الشمس للأطفال بعامل حماية ٥٠", 260, ML50, P0),
    it("sun_care", Some("shams"), "After-Sun Aloe Gel", "جل الصبار لما بعد الشمس", 120, ML250, P0),
    it("cleansers", Some("pure_skin"), "Foaming Face Wash", "غسول رغوي للوجه", 110, ML250, P0),
    it("cleansers", Some("pure_skin"), "Micellar Water", "ماء ميسيلار", 130, ML250, P0),
    it("cleansers", Some("pure_skin"), "Gentle Face Scrub", "مقشر لطيف للوجه", 95, ML50, P0),
    // Medical devices
    it("monitors", Some("daqqa"), "Upper Arm Blood Pressure Monitor", "جهاز قياس ضغط الدم للذراع", 1850, ONE, P0),
    it("monitors", Some("daqqa"), "Wrist Blood Pressure Monitor", "جهاز قياس ضغط الدم للمعصم", 1450, ONE, P0),
    it("monitors", Some("daqqa"), "Blood Glucose Meter", "جهاز قياس السكر في الدم", 950, ONE, P0),
    it("monitors", Some("daqqa"), "Glucose Test Strips", "شرائط قياس السكر", 320, STRIPS, P0),
    it("monitors", Some("daqqa"), "Pulse Oximeter", "جهاز قياس نسبة الأكسجين", 650, ONE, P0),
    it("thermometers", Some("daqqa"), "Digital Thermometer", "ميزان حرارة رقمي", 120, ONE, P0),
    it("thermometers", Some("daqqa"), "Infrared Forehead Thermometer", "ميزان حرارة للجبهة بالأشعة تحت الحمراء", 750, ONE, P0),
    it("thermometers", Some("daqqa"), "Flexible Tip Thermometer", "ميزان حرارة بطرف مرن", 150, ONE, P0),
    it("first_aid", Some("shifa"), "Adhesive Bandages", "لاصق جروح طبي", 35, BANDAGES, P0),
    it("first_aid", Some("shifa"), "Sterile Gauze Pads", "شاش طبي معقم", 30, BANDAGES, P0),
    it("first_aid", Some("daqqa"), "Elastic Bandage", "رباط ضاغط مرن", 40, ONE, P0),
    it("first_aid", Some("shifa"), "Antiseptic Solution", "محلول مطهر للجروح", 45, BOTTLE, P0),
    it("first_aid", Some("daqqa"), "Medical Face Masks", "كمامات طبية", 30, MASKS, P0),
    it("first_aid", Some("shifa"), "Rubbing Alcohol 70%", "كحول طبي ٧٠٪", 30, BOTTLE, P0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_digits_and_pack_labels() {
        assert_eq!(arabic_digits("Size 3, 2024"), "Size ٣, ٢٠٢٤");
        assert_eq!(pack_label(6), ("(Pack of 6)".into(), "(٦ عبوات)".into()));
        assert_eq!(pack_label(12), ("(Pack of 12)".into(), "(١٢ عبوة)".into()));
    }

    #[test]
    fn every_item_has_a_base_size_and_a_price() {
        for item in ITEMS {
            assert!(item.egp > 0, "{}", item.en);
            assert!(
                item.sizes.iter().any(|s| s.pct == 100),
                "{} has no base size",
                item.en
            );
        }
    }
}
