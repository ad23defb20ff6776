//! Delivery districts of the demo store (Cairo) and the local gazetteer that answers
//! map search with no internet. Coordinates are the real ones, rounded; district
//! outlines follow the Nile banks and main roads closely enough for a demo.

use rusqlite::{Transaction, params};

/// Latitude, longitude of the configured default location: 26th of July Street in
/// Zamalek (district 1), where the store's own address is.
pub const CITY_CENTER: (f64, f64) = (30.0626, 31.2197);

/// A delivery district: a closed ring of `[longitude, latitude]` points.
pub struct District {
    pub id: i64,
    pub name_en: &'static str,
    pub name_ar: &'static str,
    /// The city (governorate) the district belongs to, for addresses.
    pub city_en: &'static str,
    pub city_ar: &'static str,
    /// Egypt Post's code for the district's main post office.
    pub postal_code: &'static str,
    pub ring: &'static [[f64; 2]],
}

pub const DISTRICTS: &[District] = &[
    District {
        id: 1,
        name_en: "Zamalek",
        name_ar: "الزمالك",
        city_en: "Cairo",
        city_ar: "القاهرة",
        postal_code: "11211",
        // Gezira island, Opera grounds in the south to the northern tip.
        ring: &[
            [31.2255, 30.0380],
            [31.2282, 30.0440],
            [31.2287, 30.0520],
            [31.2262, 30.0620],
            [31.2222, 30.0700],
            [31.2175, 30.0762],
            [31.2132, 30.0705],
            [31.2133, 30.0600],
            [31.2165, 30.0500],
            [31.2203, 30.0430],
            [31.2255, 30.0380],
        ],
    },
    District {
        id: 2,
        name_en: "Dokki",
        name_ar: "الدقي",
        city_en: "Giza",
        city_ar: "الجيزة",
        postal_code: "12311",
        // West bank opposite Gezira, Orman Garden to the Shooting Club.
        ring: &[
            [31.1985, 30.0270],
            [31.2145, 30.0270],
            [31.2172, 30.0400],
            [31.2142, 30.0480],
            [31.2110, 30.0535],
            [31.2030, 30.0545],
            [31.1960, 30.0480],
            [31.1950, 30.0380],
            [31.1985, 30.0270],
        ],
    },
    District {
        id: 3,
        name_en: "Downtown & Garden City",
        name_ar: "وسط البلد وجاردن سيتي",
        city_en: "Cairo",
        city_ar: "القاهرة",
        postal_code: "11511",
        // East bank from Garden City up to Ramses Square, east to Abdeen and Attaba.
        ring: &[
            [31.2300, 30.0290],
            [31.2375, 30.0290],
            [31.2405, 30.0375],
            [31.2500, 30.0395],
            [31.2525, 30.0520],
            [31.2495, 30.0640],
            [31.2420, 30.0665],
            [31.2360, 30.0605],
            [31.2318, 30.0520],
            [31.2306, 30.0420],
            [31.2300, 30.0290],
        ],
    },
    District {
        id: 4,
        name_en: "Maadi",
        name_ar: "المعادي",
        city_en: "Cairo",
        city_ar: "القاهرة",
        postal_code: "11431",
        ring: &[
            [31.2400, 29.9450],
            [31.2600, 29.9400],
            [31.2800, 29.9450],
            [31.2900, 29.9550],
            [31.2880, 29.9700],
            [31.2700, 29.9790],
            [31.2500, 29.9780],
            [31.2420, 29.9680],
            [31.2400, 29.9450],
        ],
    },
    District {
        id: 5,
        name_en: "Heliopolis",
        name_ar: "مصر الجديدة",
        city_en: "Cairo",
        city_ar: "القاهرة",
        postal_code: "11341",
        ring: &[
            [31.3050, 30.0800],
            [31.3300, 30.0780],
            [31.3500, 30.0850],
            [31.3560, 30.1000],
            [31.3450, 30.1150],
            [31.3250, 30.1180],
            [31.3100, 30.1080],
            [31.3020, 30.0950],
            [31.3050, 30.0800],
        ],
    },
];

/// A gazetteer entry.
pub struct Place {
    pub name_en: &'static str,
    pub name_ar: &'static str,
    pub address_en: &'static str,
    pub address_ar: &'static str,
    pub latitude: f64,
    pub longitude: f64,
}

impl Place {
    /// The street of the address ("street, area, city", as every place's is written:
    /// `every_place_is_in_the_district_its_address_names` holds it).
    pub fn street_en(&self) -> &'static str {
        self.address_en.split(", ").next().unwrap_or_default()
    }

    /// The street of the Arabic address.
    pub fn street_ar(&self) -> &'static str {
        self.address_ar.split("، ").next().unwrap_or_default()
    }
}

const fn place(
    name_en: &'static str,
    name_ar: &'static str,
    address_en: &'static str,
    address_ar: &'static str,
    latitude: f64,
    longitude: f64,
) -> Place {
    Place {
        name_en,
        name_ar,
        address_en,
        address_ar,
        latitude,
        longitude,
    }
}

/// Places inside the districts first, then well-known places outside every
/// district (so the storefront can show "we don't deliver there").
#[rustfmt::skip]
pub const PLACES: &[Place] = &[
    // Zamalek
    place("26th of July Street", "شارع ٢٦ يوليو", "26th of July Street, Zamalek, Cairo", "شارع ٢٦ يوليو، الزمالك، القاهرة", 30.0610, 31.2200),
    place("Cairo Tower", "برج القاهرة", "Hadayek El Zohreya Street, Zamalek, Cairo", "شارع حدائق الزهرية، الزمالك، القاهرة", 30.0459, 31.2243),
    place("Cairo Opera House", "دار الأوبرا المصرية", "El Tahrir Street, Zamalek, Cairo", "شارع التحرير، الزمالك، القاهرة", 30.0425, 31.2245),
    place("Gezira Sporting Club", "نادي الجزيرة الرياضي", "Saray El Gezira Street, Zamalek, Cairo", "شارع سراي الجزيرة، الزمالك، القاهرة", 30.0550, 31.2200),
    place("Brazil Street", "شارع البرازيل", "Brazil Street, Zamalek, Cairo", "شارع البرازيل، الزمالك، القاهرة", 30.0620, 31.2215),
    place("Hassan Sabry Street", "شارع حسن صبري", "Hassan Sabry Street, Zamalek, Cairo", "شارع حسن صبري، الزمالك، القاهرة", 30.0585, 31.2175),
    place("Abu El Feda Street", "شارع أبو الفدا", "Abu El Feda Street, Zamalek, Cairo", "شارع أبو الفدا، الزمالك، القاهرة", 30.0640, 31.2235),
    place("Fish Garden", "حديقة الأسماك", "El Gabalaya Street, Zamalek, Cairo", "شارع الجبلاية، الزمالك، القاهرة", 30.0645, 31.2165),
    place("Cairo Marriott Hotel", "فندق ماريوت القاهرة", "Saray El Gezira Street, Zamalek, Cairo", "شارع سراي الجزيرة، الزمالك، القاهرة", 30.0574, 31.2246),
    place("Shagaret El Dor Street", "شارع شجرة الدر", "Shagaret El Dor Street, Zamalek, Cairo", "شارع شجرة الدر، الزمالك، القاهرة", 30.0625, 31.2190),
    place("Al Ahly Club", "النادي الأهلي", "El Gezira Street, Zamalek, Cairo", "شارع الجزيرة، الزمالك، القاهرة", 30.0490, 31.2215),
    // Dokki
    place("Tahrir Street", "شارع التحرير", "Tahrir Street, Dokki, Giza", "شارع التحرير، الدقي، الجيزة", 30.0388, 31.2065),
    place("Dokki Metro Station", "محطة مترو الدقي", "Dokki Street, Dokki, Giza", "شارع الدقي، الدقي، الجيزة", 30.0385, 31.2121),
    place("Mesaha Square", "ميدان المساحة", "Mesaha Square, Dokki, Giza", "ميدان المساحة، الدقي، الجيزة", 30.0365, 31.2075),
    place("Mossadak Street", "شارع مصدق", "Mossadak Street, Dokki, Giza", "شارع مصدق، الدقي، الجيزة", 30.0410, 31.2040),
    place("Shooting Club", "نادي الصيد المصري", "Nadi El Seid Street, Dokki, Giza", "شارع نادي الصيد، الدقي، الجيزة", 30.0460, 31.2030),
    place("Agricultural Museum", "المتحف الزراعي", "Wezaret El Zeraa Street, Dokki, Giza", "شارع وزارة الزراعة، الدقي، الجيزة", 30.0435, 31.2100),
    place("El Bohoth Metro Station", "محطة مترو البحوث", "El Bohoth Street, Dokki, Giza", "شارع البحوث، الدقي، الجيزة", 30.0360, 31.2003),
    place("Nile Corniche (Dokki)", "كورنيش النيل بالدقي", "Nile Corniche, Dokki, Giza", "كورنيش النيل، الدقي، الجيزة", 30.0440, 31.2130),
    place("Orman Garden", "حديقة الأورمان", "Giza Street, Dokki, Giza", "شارع الجيزة، الدقي، الجيزة", 30.0296, 31.2126),
    // Downtown & Garden City
    place("Tahrir Square", "ميدان التحرير", "Tahrir Square, Downtown, Cairo", "ميدان التحرير، وسط البلد، القاهرة", 30.0444, 31.2357),
    place("Egyptian Museum", "المتحف المصري", "Tahrir Square, Downtown, Cairo", "ميدان التحرير، وسط البلد، القاهرة", 30.0478, 31.2336),
    place("Talaat Harb Square", "ميدان طلعت حرب", "Talaat Harb Street, Downtown, Cairo", "شارع طلعت حرب، وسط البلد، القاهرة", 30.0480, 31.2395),
    place("Ramses Square", "ميدان رمسيس", "Ramses Street, Downtown, Cairo", "شارع رمسيس، وسط البلد، القاهرة", 30.0626, 31.2466),
    place("Attaba Square", "ميدان العتبة", "Attaba Square, Downtown, Cairo", "ميدان العتبة، وسط البلد، القاهرة", 30.0525, 31.2468),
    place("Abdeen Palace", "قصر عابدين", "Abdeen Square, Downtown, Cairo", "ميدان عابدين، وسط البلد، القاهرة", 30.0434, 31.2478),
    place("Qasr El Aini Street", "شارع القصر العيني", "Qasr El Aini Street, Garden City, Cairo", "شارع القصر العيني، جاردن سيتي، القاهرة", 30.0360, 31.2340),
    place("Saad Zaghloul Metro Station", "محطة مترو سعد زغلول", "Qasr El Aini Street, Garden City, Cairo", "شارع القصر العيني، جاردن سيتي، القاهرة", 30.0369, 31.2385),
    place("Nasser Metro Station", "محطة مترو جمال عبد الناصر", "26th of July Street, Downtown, Cairo", "شارع ٢٦ يوليو، وسط البلد، القاهرة", 30.0535, 31.2390),
    place("Kasr El Nil Street", "شارع قصر النيل", "Kasr El Nil Street, Downtown, Cairo", "شارع قصر النيل، وسط البلد، القاهرة", 30.0470, 31.2410),
    place("Nile Corniche (Garden City)", "كورنيش النيل بجاردن سيتي", "Nile Corniche, Garden City, Cairo", "كورنيش النيل، جاردن سيتي، القاهرة", 30.0380, 31.2325),
    // Maadi
    place("Road 9", "شارع ٩", "Road 9, Maadi, Cairo", "شارع ٩، المعادي، القاهرة", 29.9588, 31.2597),
    place("Maadi Metro Station", "محطة مترو المعادي", "Road 9, Maadi, Cairo", "شارع ٩، المعادي، القاهرة", 29.9603, 31.2577),
    place("Maadi Sporting Club", "نادي المعادي الرياضي", "El Nadi Street, Maadi, Cairo", "شارع النادي، المعادي، القاهرة", 29.9612, 31.2535),
    place("Degla Square", "ميدان دجلة", "Road 233, Maadi, Cairo", "شارع ٢٣٣، المعادي، القاهرة", 29.9590, 31.2750),
    place("Thakanat El Maadi Metro Station", "محطة مترو ثكنات المعادي", "Nile Corniche, Maadi, Cairo", "كورنيش النيل، المعادي، القاهرة", 29.9532, 31.2636),
    place("Hadayek El Maadi Metro Station", "محطة مترو حدائق المعادي", "Hadayek El Maadi, Maadi, Cairo", "حدائق المعادي، المعادي، القاهرة", 29.9704, 31.2506),
    place("Maadi Corniche", "كورنيش المعادي", "Nile Corniche, Maadi, Cairo", "كورنيش النيل، المعادي، القاهرة", 29.9650, 31.2450),
    place("Maadi Grand Mall", "معادي جراند مول", "Road 250, Maadi, Cairo", "شارع ٢٥٠، المعادي، القاهرة", 29.9700, 31.2790),
    place("Laselki Street", "شارع اللاسلكي", "Laselki Street, New Maadi, Cairo", "شارع اللاسلكي، المعادي الجديدة، القاهرة", 29.9650, 31.2840),
    // Heliopolis
    place("Baron Empain Palace", "قصر البارون إمبان", "Al Orouba Street, Heliopolis, Cairo", "شارع العروبة، مصر الجديدة، القاهرة", 30.0866, 31.3301),
    place("Korba", "الكوربة", "Baghdad Street, Heliopolis, Cairo", "شارع بغداد، مصر الجديدة، القاهرة", 30.0900, 31.3250),
    place("Roxy Square", "ميدان روكسي", "Roxy Square, Heliopolis, Cairo", "ميدان روكسي، مصر الجديدة، القاهرة", 30.0913, 31.3155),
    place("Heliopolis Sporting Club", "نادي هليوبوليس الرياضي", "El Merghany Street, Heliopolis, Cairo", "شارع الميرغني، مصر الجديدة، القاهرة", 30.0935, 31.3185),
    place("Merryland Park", "حديقة الميريلاند", "El Hegaz Street, Heliopolis, Cairo", "شارع الحجاز، مصر الجديدة، القاهرة", 30.0985, 31.3190),
    place("Basilica of Heliopolis", "كنيسة البازيليك", "El Ahram Street, Heliopolis, Cairo", "شارع الأهرام، مصر الجديدة، القاهرة", 30.0880, 31.3240),
    place("El Ahram Street", "شارع الأهرام", "El Ahram Street, Heliopolis, Cairo", "شارع الأهرام، مصر الجديدة، القاهرة", 30.0960, 31.3300),
    place("El Mahkama Square", "ميدان المحكمة", "El Mahkama Square, Heliopolis, Cairo", "ميدان المحكمة، مصر الجديدة، القاهرة", 30.1035, 31.3335),
    // Outside every district
    place("Giza Pyramids", "أهرامات الجيزة", "Al Haram, Giza", "الهرم، الجيزة", 29.9792, 31.1342),
    place("Cairo International Airport", "مطار القاهرة الدولي", "Airport Road, El Nozha, Cairo", "طريق المطار، النزهة، القاهرة", 30.1219, 31.4056),
    place("Mall of Arabia", "مول العرب", "26th of July Corridor, 6th of October City, Giza", "محور ٢٦ يوليو، مدينة ٦ أكتوبر، الجيزة", 30.0075, 30.9735),
    place("Cairo Festival City", "كايرو فستيفال سيتي", "Ring Road, New Cairo, Cairo", "الطريق الدائري، القاهرة الجديدة، القاهرة", 30.0290, 31.4085),
    place("Japanese Garden, Helwan", "الحديقة اليابانية بحلوان", "Mansour Street, Helwan, Cairo", "شارع منصور، حلوان، القاهرة", 29.8495, 31.3345),
    place("Arkan Plaza", "أركان بلازا", "26th of July Corridor, Sheikh Zayed City, Giza", "محور ٢٦ يوليو، مدينة الشيخ زايد، الجيزة", 30.0190, 31.0080),
    place("Khan El Khalili", "خان الخليلي", "Al Moez Street, El Gamaleya, Cairo", "شارع المعز، الجمالية، القاهرة", 30.0477, 31.2623),
    place("Citadel of Saladin", "قلعة صلاح الدين", "Salah Salem Road, El Khalifa, Cairo", "طريق صلاح سالم، الخليفة، القاهرة", 30.0287, 31.2599),
    place("City Stars Mall", "سيتي ستارز", "Omar Ibn El Khattab Street, Nasr City, Cairo", "شارع عمر بن الخطاب، مدينة نصر، القاهرة", 30.0730, 31.3460),
];

pub fn seed(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    let mut district = tx.prepare(
        "INSERT INTO districts (id, name_en, name_ar, polygon, city_en, city_ar, postal_code)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for d in DISTRICTS {
        let polygon = serde_json::to_string(d.ring)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
        district.execute(params![
            d.id,
            d.name_en,
            d.name_ar,
            polygon,
            d.city_en,
            d.city_ar,
            d.postal_code
        ])?;
    }
    let mut place = tx.prepare(
        "INSERT INTO places (id, name_en, name_ar, address_en, address_ar, latitude, longitude,
                             street_en, street_ar)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for (i, p) in PLACES.iter().enumerate() {
        place.execute(params![
            i as i64 + 1,
            p.name_en,
            p.name_ar,
            p.address_en,
            p.address_ar,
            p.latitude,
            p.longitude,
            p.street_en(),
            p.street_ar()
        ])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ray casting: is (lng, lat) inside the ring?
    fn inside(ring: &[[f64; 2]], lng: f64, lat: f64) -> bool {
        let mut hit = false;
        for edge in ring.windows(2) {
            let ([x1, y1], [x2, y2]) = (edge[0], edge[1]);
            if (y1 > lat) != (y2 > lat) && lng < x1 + (lat - y1) / (y2 - y1) * (x2 - x1) {
                hit = !hit;
            }
        }
        hit
    }

    fn districts_containing(lat: f64, lng: f64) -> Vec<i64> {
        DISTRICTS
            .iter()
            .filter(|d| inside(d.ring, lng, lat))
            .map(|d| d.id)
            .collect()
    }

    /// District labels as addresses write them (Downtown & Garden City goes by
    /// either part): id, English labels, Arabic labels.
    const LABELS: &[(i64, &[&str], &[&str])] = &[
        (1, &["Zamalek"], &["الزمالك"]),
        (2, &["Dokki"], &["الدقي"]),
        (
            3,
            &["Downtown", "Garden City"],
            &["وسط البلد", "جاردن سيتي"],
        ),
        (4, &["Maadi"], &["المعادي"]),
        (5, &["Heliopolis"], &["مصر الجديدة"]),
    ];

    /// The districts an address names, in English or Arabic.
    fn named_districts(address: &str, arabic: bool) -> Vec<i64> {
        let separator = if arabic { "، " } else { ", " };
        LABELS
            .iter()
            .filter(|(_, en, ar)| {
                let names = if arabic { ar } else { en };
                names
                    .iter()
                    .any(|name| address.split(separator).any(|part| part.contains(name)))
            })
            .map(|l| l.0)
            .collect()
    }

    #[test]
    fn every_place_is_in_the_district_its_address_names() {
        let mut outside = 0;
        for p in PLACES {
            let (en, ar) = (
                named_districts(p.address_en, false),
                named_districts(p.address_ar, true),
            );
            let found = districts_containing(p.latitude, p.longitude);
            assert_eq!(
                found, en,
                "{} at ({}, {})",
                p.name_en, p.latitude, p.longitude
            );
            assert_eq!(found, ar, "{} (Arabic address)", p.name_en);
            assert!(
                p.address_en.ends_with(", Cairo") || p.address_en.ends_with(", Giza"),
                "{}",
                p.address_en
            );
            assert!(
                p.address_ar.ends_with("، القاهرة") || p.address_ar.ends_with("، الجيزة"),
                "{}",
                p.address_ar
            );
            // "street, area, city" (outside the districts, some are "area, city"),
            // the street being what reverse geocoding answers.
            assert!(
                (2..=3).contains(&p.address_en.split(", ").count())
                    && p.address_en.split(", ").count() == p.address_ar.split("، ").count(),
                "{}",
                p.address_en
            );
            if found.is_empty() {
                outside += 1;
            } else {
                assert_eq!(p.address_en.split(", ").count(), 3, "{}", p.address_en);
                let district = &DISTRICTS[found[0] as usize - 1];
                assert!(p.address_en.ends_with(&format!(", {}", district.city_en)));
                assert!(p.address_ar.ends_with(&format!("، {}", district.city_ar)));
            }
        }
        assert!(PLACES.len() >= 40);
        assert!(outside >= 6, "only {outside} places outside the districts");
        for d in DISTRICTS {
            let count = PLACES
                .iter()
                .filter(|p| districts_containing(p.latitude, p.longitude) == [d.id])
                .count();
            assert!(count >= 5, "district {} has {count} places", d.id);
        }
    }

    #[test]
    fn city_center_is_in_district_1() {
        let (lat, lng) = CITY_CENTER;
        assert_eq!(districts_containing(lat, lng), [1]);
    }

    #[test]
    fn rings_are_closed_with_6_to_12_vertices() {
        for (i, d) in DISTRICTS.iter().enumerate() {
            assert_eq!(d.id, i as i64 + 1);
            assert_eq!(d.ring.first(), d.ring.last(), "district {}", d.id);
            assert!((6..=12).contains(&(d.ring.len() - 1)), "district {}", d.id);
            // Real Cairo coordinates.
            for [lng, lat] in d.ring {
                assert!((31.1..31.4).contains(lng) && (29.9..30.2).contains(lat));
            }
        }
    }

    fn segments_cross(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
        let orient = |p: [f64; 2], q: [f64; 2], r: [f64; 2]| {
            (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        };
        let (d1, d2) = (orient(c, d, a), orient(c, d, b));
        let (d3, d4) = (orient(a, b, c), orient(a, b, d));
        d1 * d2 < 0.0 && d3 * d4 < 0.0
    }

    #[test]
    fn districts_do_not_overlap_and_are_simple() {
        for a in DISTRICTS {
            for b in DISTRICTS.iter().filter(|b| b.id != a.id) {
                for [lng, lat] in a.ring {
                    assert!(
                        !inside(b.ring, *lng, *lat),
                        "a vertex of {} is inside {}",
                        a.id,
                        b.id
                    );
                }
                for e in a.ring.windows(2) {
                    for f in b.ring.windows(2) {
                        assert!(
                            !segments_cross(e[0], e[1], f[0], f[1]),
                            "{} crosses {}",
                            a.id,
                            b.id
                        );
                    }
                }
            }
            // No edge crosses another edge of the same ring.
            let edges: Vec<_> = a.ring.windows(2).collect();
            for (i, e) in edges.iter().enumerate() {
                for f in &edges[i + 1..] {
                    assert!(
                        !segments_cross(e[0], e[1], f[0], f[1]),
                        "district {} is self-crossing",
                        a.id
                    );
                }
            }
        }
    }

    const INITIAL: &str = include_str!("../../migrations/0001_initial.sql");
    const REVERSE_GEOCODING: &str = include_str!("../../migrations/0015_reverse_geocoding.sql");

    fn seeded() -> rusqlite::Connection {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(INITIAL).unwrap();
        conn.execute_batch(REVERSE_GEOCODING).unwrap();
        let tx = conn.transaction().unwrap();
        seed(&tx).unwrap();
        tx.commit().unwrap();
        conn
    }

    fn geo_rows(conn: &rusqlite::Connection) -> Vec<String> {
        let mut rows = Vec::new();
        for sql in [
            "SELECT id, name_en, name_ar, polygon, city_en, city_ar, postal_code FROM districts ORDER BY id",
            "SELECT id, name_en, name_ar, address_en, address_ar, latitude, longitude, street_en, street_ar
             FROM places ORDER BY id",
        ] {
            let mut stmt = conn.prepare(sql).unwrap();
            let columns = stmt.column_count();
            let mut query = stmt.query([]).unwrap();
            while let Some(r) = query.next().unwrap() {
                let row: Vec<String> = (0..columns)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect();
                rows.push(row.join("|"));
            }
        }
        rows
    }

    /// A database seeded before migration 0015 (the old columns, Dokki's addresses
    /// in Cairo) ends with the same districts and places as a new one.
    #[test]
    fn the_migration_gives_an_old_database_the_seeds_values() {
        let mut old = rusqlite::Connection::open_in_memory().unwrap();
        old.execute_batch(INITIAL).unwrap();
        for d in DISTRICTS {
            old.execute(
                "INSERT INTO districts (id, name_en, name_ar, polygon) VALUES (?1, ?2, ?3, ?4)",
                params![
                    d.id,
                    d.name_en,
                    d.name_ar,
                    serde_json::to_string(d.ring).unwrap()
                ],
            )
            .unwrap();
        }
        for (i, p) in PLACES.iter().enumerate() {
            old.execute(
                "INSERT INTO places (id, name_en, name_ar, address_en, address_ar, latitude, longitude)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    i as i64 + 1,
                    p.name_en,
                    p.name_ar,
                    p.address_en.replace(", Dokki, Giza", ", Dokki, Cairo"),
                    p.address_ar.replace("، الدقي، الجيزة", "، الدقي، القاهرة"),
                    p.latitude,
                    p.longitude
                ],
            )
            .unwrap();
        }
        let tx = old.transaction().unwrap();
        tx.execute_batch(REVERSE_GEOCODING).unwrap();
        tx.commit().unwrap();
        assert_eq!(geo_rows(&old), geo_rows(&seeded()));
    }

    #[test]
    fn seeds_districts_and_places() {
        let conn = seeded();
        let (street, city, postal): (String, String, String) = conn
            .query_row(
                "SELECT p.street_ar, d.city_ar, d.postal_code FROM places p, districts d
                 WHERE p.name_en = 'Cairo Tower' AND d.id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!(
            (street.as_str(), city.as_str(), postal.as_str()),
            ("شارع حدائق الزهرية", "القاهرة", "11211")
        );
        let polygon: String = conn
            .query_row("SELECT polygon FROM districts WHERE id = 3", [], |r| {
                r.get(0)
            })
            .unwrap();
        let ring: Vec<[f64; 2]> = serde_json::from_str(&polygon).unwrap();
        assert_eq!(ring, DISTRICTS[2].ring);
        let places: i64 = conn
            .query_row("SELECT count(*) FROM places", [], |r| r.get(0))
            .unwrap();
        assert_eq!(places as usize, PLACES.len());
    }
}
