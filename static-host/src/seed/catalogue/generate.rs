//! The product generator: composes products from the curated base items, spreads
//! them over the shops, and derives every varying field (prices, deals, stock,
//! ratings, sales, dates) from a seeded PRNG, so every run on every machine gives
//! the same catalogue. Only integer arithmetic is used for derived values, so no
//! floating-point library difference can change a row.

use crate::seed::catalogue::Layout;
use crate::seed::catalogue::items::{ITEMS, Item, Size, pack_label, pack_options};

/// The seeded generator: splitmix64 (small, fast, good enough for demo data).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with the given probability in percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const SEED: u64 = 0x4E69_6C65_4D61_726B; // "NileMark"
use crate::clock::DAY_MS;
/// New arrivals: products were added over the 180 days before seeding.
pub const CREATED_SPREAD_DAYS: i64 = 180;
/// Share of new products per service, in percent (groceries, restaurants, pharmacy).
const SERVICE_SHARE: &[(i64, u64)] = &[(1, 50), (2, 28), (3, 22)];
/// A shop's draw weight is its remaining unique products, capped so that small
/// specialist shops still get a fair share next to supermarkets.
const WEIGHT_CAP: usize = 150;

/// One generated product row.
#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: i64,
    pub branch_id: i64,
    pub service_id: i64,
    pub category_id: i64,
    pub brand_id: Option<i64>,
    pub name_en: String,
    pub name_ar: String,
    /// The end of the name that tells it from the item's other products: its size and
    /// pack ("200 ml (Pack of 6)"); `None` when the name has no such part.
    pub size_en: Option<String>,
    pub size_ar: Option<String>,
    pub description_en: String,
    pub description_ar: String,
    pub price_minor: i64,
    pub old_price_minor: Option<i64>,
    pub stock: i64,
    pub preorder: bool,
    pub min_qty: i64,
    pub max_qty: i64,
    pub rating: f64,
    pub sales_count: i64,
    pub popularity: i64,
    pub created_at: i64,
}

/// A product a shop can carry: base item, size and multipack (0 = single).
#[derive(Debug, Clone, Copy)]
struct Combo {
    item: u16,
    size: u8,
    pack: u8,
}

struct Shop {
    id: i64,
    service: i64,
    combos: Vec<Combo>,
    next: usize,
}

impl Shop {
    fn remaining(&self) -> usize {
        self.combos.len() - self.next
    }
}

fn shops(layout: &Layout) -> Vec<Shop> {
    layout
        .branches
        .iter()
        .map(|b| {
            let mut combos = Vec::new();
            for (i, item) in ITEMS.iter().enumerate() {
                let Some(leaf) = layout.leaves.get(item.leaf) else {
                    continue;
                };
                if leaf.service != b.service || !b.sells.contains(&leaf.parent) {
                    continue;
                }
                for size in 0..item.sizes.len() {
                    for pack in 0..=pack_options(item.packs).len() {
                        combos.push(Combo {
                            item: i as u16,
                            size: size as u8,
                            pack: pack as u8,
                        });
                    }
                }
            }
            // Each shop gets its own order, so shops of a kind carry different ranges.
            let mut rng = Rng::new(SEED ^ (b.id as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
            for i in (1..combos.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                combos.swap(i, j);
            }
            Shop {
                id: b.id,
                service: b.service,
                combos,
                next: 0,
            }
        })
        .collect()
}

/// How many products can be generated before names start repeating within a shop.
#[cfg_attr(not(test), allow(dead_code))]
pub fn capacity(layout: &Layout) -> usize {
    shops(layout).iter().map(|s| s.combos.len()).sum()
}

/// Rounds a price (piasters) the way shops price things: to 25 piasters under
/// 10 EGP, to 50 piasters under 100 EGP, to whole pounds above.
fn round_price(minor: u64) -> i64 {
    let step = match minor {
        0..1_000 => 25,
        1_000..10_000 => 50,
        _ => 100,
    };
    (minor.div_ceil(step) * step).max(step) as i64
}

/// Each shop prices 8% below to 8% above the reference price.
fn shop_price_pct(branch_id: i64) -> u64 {
    let mut rng = Rng::new(SEED.rotate_left(17) ^ branch_id as u64);
    92 + rng.below(17)
}

fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Generates `count` products (ids 1..=count) and hands each to `sink`, in id
/// order. Names are unique within a shop up to [`capacity`]; beyond it every shop
/// starts over its range, so names repeat (a larger catalogue for load tests).
pub fn generate<E>(
    count: usize,
    now_ms: i64,
    layout: &Layout,
    mut sink: impl FnMut(&Product) -> Result<(), E>,
) -> Result<(), E> {
    let mut shops = shops(layout);
    let mut rng = Rng::new(SEED);
    for index in 0..count {
        if shops.iter().all(|s| s.remaining() == 0) {
            shops.iter_mut().for_each(|s| s.next = 0);
        }
        let service = pick_service(&mut rng, &shops);
        let shop = pick_shop(&mut rng, &shops, service);
        let combo = shops[shop].combos[shops[shop].next];
        shops[shop].next += 1;
        let product = build(
            index as i64 + 1,
            &shops[shop],
            combo,
            layout,
            now_ms,
            &mut rng,
        );
        sink(&product)?;
    }
    Ok(())
}

fn pick_service(rng: &mut Rng, shops: &[Shop]) -> i64 {
    let open: Vec<(i64, u64)> = SERVICE_SHARE
        .iter()
        .copied()
        .filter(|(service, _)| {
            shops
                .iter()
                .any(|s| s.service == *service && s.remaining() > 0)
        })
        .collect();
    let total: u64 = open.iter().map(|(_, w)| w).sum();
    let mut roll = rng.below(total.max(1));
    for (service, weight) in &open {
        if roll < *weight {
            return *service;
        }
        roll -= weight;
    }
    open.first().map(|(s, _)| *s).unwrap_or(1)
}

fn pick_shop(rng: &mut Rng, shops: &[Shop], service: i64) -> usize {
    let weights: Vec<(usize, u64)> = shops
        .iter()
        .enumerate()
        .filter(|(_, s)| s.service == service && s.remaining() > 0)
        .map(|(i, s)| (i, s.remaining().min(WEIGHT_CAP) as u64))
        .collect();
    let total: u64 = weights.iter().map(|(_, w)| w).sum();
    let mut roll = rng.below(total.max(1));
    for (i, weight) in &weights {
        if roll < *weight {
            return *i;
        }
        roll -= weight;
    }
    weights[0].0
}

fn build(
    id: i64,
    shop: &Shop,
    combo: Combo,
    layout: &Layout,
    now_ms: i64,
    rng: &mut Rng,
) -> Product {
    let item: &Item = &ITEMS[combo.item as usize];
    let size: &Size = &item.sizes[combo.size as usize];
    let leaf = &layout.leaves[item.leaf];
    let brand = item.brand.and_then(|key| layout.brands.get(key));
    let (units, unit_pct) = match combo.pack {
        0 => (1, 100),
        n => pack_options(item.packs)[n as usize - 1],
    };
    let (pack_en, pack_ar) = if units > 1 {
        pack_label(units)
    } else {
        (String::new(), String::new())
    };
    let (brand_en, brand_ar) = brand.map(|b| (b.name_en, b.name_ar)).unwrap_or(("", ""));
    let name_en = join(&[brand_en, item.en, size.en, &pack_en]);
    let name_ar = join(&[brand_ar, item.ar, size.ar, &pack_ar]);
    let size_en = Some(join(&[size.en, &pack_en])).filter(|s| !s.is_empty());
    let size_ar = Some(join(&[size.ar, &pack_ar])).filter(|s| !s.is_empty());
    let (description_en, description_ar) = match brand {
        Some(b) => (
            format!("{} Brand: {}.", leaf.blurb_en, b.name_en),
            format!("{} العلامة التجارية: {}.", leaf.blurb_ar, b.name_ar),
        ),
        None => (leaf.blurb_en.to_owned(), leaf.blurb_ar.to_owned()),
    };

    let raw = u64::from(item.egp)
        * 100
        * u64::from(size.pct)
        * u64::from(units)
        * u64::from(unit_pct)
        * shop_price_pct(shop.id)
        / 1_000_000;
    let price_minor = round_price(raw);
    // About one product in ten is a hot deal, 10–40% off its old price.
    let old_price_minor = rng.chance(10).then(|| {
        let old = round_price(price_minor as u64 * (110 + rng.below(31)) / 100);
        old.max(price_minor + 100)
    });
    // About 5% are out of stock; three in five of those can be pre-ordered.
    let (stock, preorder) = if rng.chance(5) {
        (0, rng.below(5) < 3)
    } else if shop.service == 2 {
        (10 + rng.below(90) as i64, false)
    } else {
        (5 + rng.below(300) as i64, false)
    };
    let min_qty = if shop.service == 1 && units == 1 && rng.chance(5) {
        2
    } else {
        1
    };
    let max_qty = 5 + rng.below(16) as i64;
    let rating_tenths = 30 + rng.below(21) as i64;
    // Cubing a uniform draw gives a long tail: a few best sellers, many quiet items.
    let u = rng.below(1_000);
    let sales_count = (u * u * u / 250_000 + rng.below(25)) as i64;
    let popularity = sales_count / 2 + rating_tenths * 20 + rng.below(800) as i64;
    let created_at = now_ms - rng.below((CREATED_SPREAD_DAYS * DAY_MS) as u64) as i64;
    Product {
        id,
        branch_id: shop.id,
        service_id: shop.service,
        category_id: leaf.id,
        brand_id: brand.map(|b| b.id),
        name_en,
        name_ar,
        size_en,
        size_ar,
        description_en,
        description_ar,
        price_minor,
        old_price_minor,
        stock,
        preorder,
        min_qty,
        max_qty,
        rating: rating_tenths as f64 / 10.0,
        sales_count,
        popularity,
        created_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn splitmix_is_stable() {
        // Reference values of splitmix64 seeded with 0.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn prices_round_to_shop_steps() {
        assert_eq!(round_price(1), 25);
        assert_eq!(round_price(930), 950);
        assert_eq!(round_price(4_120), 4_150);
        assert_eq!(round_price(18_501), 18_600);
    }

    #[test]
    fn names_are_unique_within_each_service_range() {
        let layout = Layout::new().unwrap();
        for shop in shops(&layout) {
            let mut en = HashSet::new();
            let mut ar = HashSet::new();
            for combo in &shop.combos {
                let p = build(1, &shop, *combo, &layout, 0, &mut Rng::new(1));
                assert!(
                    en.insert(p.name_en.clone()),
                    "shop {} repeats {}",
                    shop.id,
                    p.name_en
                );
                assert!(
                    ar.insert(p.name_ar.clone()),
                    "shop {} repeats {}",
                    shop.id,
                    p.name_ar
                );
            }
            assert!(
                shop.combos.len() >= 20,
                "shop {} carries only {} products",
                shop.id,
                shop.combos.len()
            );
        }
    }

    #[test]
    fn scales_to_a_large_catalogue_quickly() {
        let layout = Layout::new().unwrap();
        assert!(capacity(&layout) >= 5_000, "capacity {}", capacity(&layout));
        let started = std::time::Instant::now();
        let mut n = 0usize;
        let mut last = 0;
        generate::<()>(100_000, 1_750_000_000_000, &layout, |p| {
            n += 1;
            last = p.id;
            assert!(p.price_minor > 0);
            Ok(())
        })
        .unwrap();
        assert_eq!((n, last), (100_000, 100_000));
        // Generous even for an unoptimised build on a slow machine.
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
    }
}
