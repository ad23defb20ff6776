//! `GET /media/{kind}/{file}`: generated artwork for the demo catalogue, so the
//! storefront has pictures with no image files shipped. Each image is a small SVG
//! drawn from the item's id (a colour palette and a few shapes) and a glyph for what
//! it shows: a basket for groceries, a covered dish for restaurants, a capsule for
//! the pharmacy, a shop front for shops. Nothing is read from disk, so no request
//! can reach a file; ids that don't exist are a JSON 404.

pub mod upload;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::OptionalExtension;
use std::fmt::Write;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::Lang;
use crate::http::state::AppState;
use crate::i18n::Msg;

/// Images never change for a URL: cache for a year.
pub const CACHE_CONTROL: &str = "public, max-age=31536000, immutable";
/// An SVG opened directly can't run script or load anything.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";
/// Banners 1–9, three per service.
pub const BANNERS: i64 = 9;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(media))
}

/// What an image shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Products,
    Branches,
    Covers,
    Categories,
    Services,
    Brands,
    BranchCategories,
    Banners,
    /// `brand/logo.svg`: the store's own logo.
    StoreLogo,
}

impl Kind {
    pub fn parse(kind: &str) -> Option<Kind> {
        Some(match kind {
            "products" => Kind::Products,
            "branches" => Kind::Branches,
            "covers" => Kind::Covers,
            "categories" => Kind::Categories,
            "services" => Kind::Services,
            "brands" => Kind::Brands,
            "branch-categories" => Kind::BranchCategories,
            "banners" => Kind::Banners,
            "brand" => Kind::StoreLogo,
            _ => return None,
        })
    }

    /// The query giving the service of item `?1`; no row means no such item.
    fn service_query(self) -> Option<&'static str> {
        Some(match self {
            Kind::Products => "SELECT service_id FROM products WHERE id = ?1",
            Kind::Branches | Kind::Covers => "SELECT service_id FROM branches WHERE id = ?1",
            Kind::Categories => "SELECT service_id FROM categories WHERE id = ?1",
            Kind::Services => "SELECT id FROM services WHERE id = ?1",
            Kind::Brands => "SELECT service_id FROM brands WHERE id = ?1",
            Kind::BranchCategories => "SELECT service_id FROM branch_categories WHERE id = ?1",
            Kind::Banners | Kind::StoreLogo => return None,
        })
    }
}

/// `{id}.svg` with a canonical positive id (no sign, no leading zero), else None.
pub fn parse_id(file: &str) -> Option<i64> {
    let digits = file.strip_suffix(".svg")?;
    if digits.is_empty()
        || digits.len() > 18
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    digits.parse().ok()
}

/// Generated image of a catalogue item. Kinds: `products`, `branches` (logos),
/// `covers` (a shop's cover, by shop id), `categories`, `services`, `brands`,
/// `branch-categories`, `banners` (ids 1–9, three per service), and `brand/logo.svg`
/// (the store logo). `file` is `{id}.svg`. Answers `image/svg+xml`, cacheable for a
/// year; products, logos and icons are square, covers 16:9, banners 3:1. An unknown
/// kind, a malformed file name or an id that doesn't exist is a 404.
#[utoipa::path(get, path = "/media/{kind}/{file}", tag = "media",
    params(
        ("kind" = String, Path, description = "products | branches | covers | categories | services | brands | branch-categories | banners | brand"),
        ("file" = String, Path, description = "`{id}.svg`, or `logo.svg` for kind `brand`"),
        ("Language" = Option<String>, Header, description = "en or ar (language of the 404 message)")),
    responses(
        (status = 200, description = "The image", content_type = "image/svg+xml", body = String),
        (status = 404, description = "No such image", body = ErrorBody)))]
async fn media(
    State(state): State<AppState>,
    Lang(lang): Lang,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFound {
        message: Msg::NotFound.text(lang),
    };
    let Ok(Path((kind, file))) = path else {
        return Err(not_found());
    };
    let kind = Kind::parse(&kind).ok_or_else(not_found)?;
    let svg = match kind {
        Kind::StoreLogo if file == "logo.svg" => store_logo(),
        Kind::StoreLogo => return Err(not_found()),
        Kind::Banners => {
            let id = parse_id(&file)
                .filter(|id| *id <= BANNERS)
                .ok_or_else(not_found)?;
            banner(id)
        }
        _ => {
            let id = parse_id(&file).ok_or_else(not_found)?;
            let sql = kind.service_query().ok_or_else(not_found)?;
            let service: Option<i64> = state
                .db
                .read(move |c| Ok(c.query_row(sql, [id], |r| r.get(0)).optional()?))
                .await?;
            render(kind, id, service.ok_or_else(not_found)?)
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, CACHE_CONTROL),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        ],
        svg,
    )
        .into_response())
}

/// Soft background, strong foreground, accent.
struct Palette {
    bg: &'static str,
    fg: &'static str,
    accent: &'static str,
}

const fn p(bg: &'static str, fg: &'static str, accent: &'static str) -> Palette {
    Palette { bg, fg, accent }
}

const PALETTES: &[Palette] = &[
    p("#E8F5E9", "#2E7D32", "#A5D6A7"),
    p("#FFF3E0", "#E65100", "#FFCC80"),
    p("#E3F2FD", "#1565C0", "#90CAF9"),
    p("#FCE4EC", "#AD1457", "#F48FB1"),
    p("#F3E5F5", "#6A1B9A", "#CE93D8"),
    p("#E0F7FA", "#00838F", "#80DEEA"),
    p("#FFF8E1", "#B26A00", "#FFE082"),
    p("#EFEBE9", "#5D4037", "#BCAAA4"),
    p("#E8EAF6", "#283593", "#9FA8DA"),
    p("#FBE9E7", "#BF360C", "#FFAB91"),
    p("#F1F8E9", "#33691E", "#C5E1A5"),
    p("#ECEFF1", "#37474F", "#B0BEC5"),
];

/// A well-mixed number from the kind and id (splitmix64's finaliser), so
/// neighbouring ids look different.
fn mix(kind: Kind, id: i64) -> u64 {
    let mut z = ((kind as u64) << 56) ^ id as u64;
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn palette(seed: u64) -> &'static Palette {
    &PALETTES[(seed % PALETTES.len() as u64) as usize]
}

#[derive(Clone, Copy)]
enum Glyph {
    Basket,
    Dish,
    Capsule,
    Shop,
    Badge,
}

fn service_glyph(service: i64) -> Glyph {
    match service {
        1 => Glyph::Basket,
        2 => Glyph::Dish,
        3 => Glyph::Capsule,
        _ => Glyph::Shop,
    }
}

/// The glyph's shapes in a 100×100 box.
fn glyph(glyph: Glyph, c: &Palette) -> String {
    let (bg, fg, accent) = (c.bg, c.fg, c.accent);
    match glyph {
        Glyph::Basket => format!(
            r#"<path d="M30 40 42 18M70 40 58 18" stroke="{fg}" stroke-width="6" stroke-linecap="round" fill="none"/><path d="M12 40h76l-9 42H21z" fill="{fg}"/><path d="M36 50v22M50 50v22M64 50v22" stroke="{accent}" stroke-width="5" stroke-linecap="round"/>"#
        ),
        Glyph::Dish => format!(
            r#"<circle cx="50" cy="26" r="6" fill="{fg}"/><path d="M18 66a32 32 0 0 1 64 0z" fill="{fg}"/><path d="M30 54a20 20 0 0 1 14-16" stroke="{accent}" stroke-width="5" stroke-linecap="round" fill="none"/><path d="M10 74h80" stroke="{fg}" stroke-width="7" stroke-linecap="round"/>"#
        ),
        Glyph::Capsule => format!(
            r#"<g transform="rotate(-40 50 50)"><rect x="14" y="35" width="72" height="30" rx="15" fill="{accent}"/><path d="M50 35h21a15 15 0 0 1 0 30H50z" fill="{fg}"/><path d="M26 44v12" stroke="{bg}" stroke-width="3" stroke-linecap="round" opacity=".7"/></g>"#
        ),
        Glyph::Shop => format!(
            r#"<path d="M18 46h64v38H18z" fill="{fg}"/><path d="M12 22h76l-4 22H16z" fill="{accent}"/><path d="M31 22v22M50 22v22M69 22v22" stroke="{fg}" stroke-width="3"/><rect x="42" y="58" width="16" height="26" fill="{bg}"/><rect x="24" y="54" width="12" height="12" rx="2" fill="{bg}"/><rect x="64" y="54" width="12" height="12" rx="2" fill="{bg}"/>"#
        ),
        Glyph::Badge => format!(
            r#"<circle cx="50" cy="50" r="38" fill="{fg}"/><circle cx="50" cy="50" r="30" fill="none" stroke="{accent}" stroke-width="3"/><path d="M50 28l6 14 15 1-11 10 4 15-14-8-14 8 4-15-11-10 15-1z" fill="{bg}"/>"#
        ),
    }
}

/// A few soft circles placed from the seed inside the area `(x, y, width,
/// height)`, for variety between ids.
fn confetti(
    out: &mut String,
    seed: u64,
    (x0, y0, width, height): (u64, u64, u64, u64),
    colour: &str,
) {
    for i in 0..3 {
        let bits = seed >> (i * 20);
        let (x, y) = (x0 + bits % width, y0 + (bits >> 8) % height);
        let r = 4 + (bits >> 16) % (height / 6).max(1);
        let _ = write!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}" opacity=".5"/>"#
        );
    }
}

fn open(out: &mut String, width: u32, height: u32, vw: u32, vh: u32) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {vw} {vh}">"#
    );
}

/// A square tile: rounded background, confetti, glyph.
fn tile(kind: Kind, id: i64, glyph_kind: Glyph, size: u32, round: bool) -> String {
    let seed = mix(kind, id);
    let c = palette(seed);
    let mut out = String::with_capacity(1024);
    open(&mut out, size, size, 100, 100);
    // Round tiles keep the confetti well inside the circle.
    if round {
        let _ = write!(out, r#"<circle cx="50" cy="50" r="50" fill="{}"/>"#, c.bg);
        confetti(&mut out, seed >> 4, (26, 26, 48, 48), c.accent);
    } else {
        let _ = write!(
            out,
            r#"<rect width="100" height="100" rx="12" fill="{}"/>"#,
            c.bg
        );
        confetti(&mut out, seed >> 4, (0, 0, 100, 100), c.accent);
    }
    let _ = write!(
        out,
        r#"<g transform="translate(18 18) scale(.64)">{}</g></svg>"#,
        glyph(glyph_kind, c)
    );
    out
}

fn render(kind: Kind, id: i64, service: i64) -> String {
    match kind {
        Kind::Products => tile(kind, id, service_glyph(service), 512, false),
        Kind::Categories | Kind::BranchCategories => {
            tile(kind, id, service_glyph(service), 256, false)
        }
        Kind::Services => tile(kind, id, service_glyph(id), 256, true),
        Kind::Branches => tile(kind, id, Glyph::Shop, 256, true),
        Kind::Brands => tile(kind, id, Glyph::Badge, 256, true),
        Kind::Covers => wide(kind, id, Glyph::Shop, (960, 540), (160, 90)),
        Kind::Banners => banner(id),
        Kind::StoreLogo => store_logo(),
    }
}

/// A wide picture: two-tone background, hills, confetti and the glyph on the right.
fn wide(
    kind: Kind,
    id: i64,
    glyph_kind: Glyph,
    (width, height): (u32, u32),
    (vw, vh): (u32, u32),
) -> String {
    let seed = mix(kind, id);
    let c = palette(seed);
    let mut out = String::with_capacity(1536);
    open(&mut out, width, height, vw, vh);
    let _ = write!(out, r#"<rect width="{vw}" height="{vh}" fill="{}"/>"#, c.bg);
    let hill = vh * 2 / 3;
    let crest = (seed >> 40) % u64::from(vw / 2) + u64::from(vw / 8);
    let _ = write!(
        out,
        r#"<path d="M0 {hill}Q{crest} {top} {vw} {hill}V{vh}H0z" fill="{}" opacity=".6"/>"#,
        c.accent,
        top = vh / 3,
    );
    confetti(
        &mut out,
        seed >> 4,
        (0, 0, u64::from(vw * 2 / 3), u64::from(vh)),
        c.accent,
    );
    // Whole units over 100, so the scale prints short (0.63, not 0.6299…).
    let scale = f64::from(vh * 7 / 10) / 100.0;
    let x = vw - vh * 7 / 10 - vh / 8;
    let y = vh * 3 / 20;
    let _ = write!(
        out,
        r#"<g transform="translate({x} {y}) scale({scale})">{}</g></svg>"#,
        glyph(glyph_kind, c)
    );
    out
}

/// Banners 1–3 show groceries, 4–6 restaurants, 7–9 the pharmacy.
fn banner(id: i64) -> String {
    wide(
        Kind::Banners,
        id,
        service_glyph((id - 1) / 3 + 1),
        (1200, 400),
        (300, 100),
    )
}

/// Nile Market's logo: the river's waves under a market awning.
fn store_logo() -> String {
    let mut out = String::with_capacity(1024);
    open(&mut out, 256, 256, 100, 100);
    out.push_str(concat!(
        r##"<circle cx="50" cy="50" r="48" fill="#0B6E4F"/>"##,
        r##"<path d="M20 30h60l-4 16H24z" fill="#F4C95D"/>"##,
        r##"<path d="M35 30v16M50 30v16M65 30v16" stroke="#0B6E4F" stroke-width="3"/>"##,
        r##"<path d="M18 60q8-7 16 0t16 0 16 0 16 0M18 72q8-7 16 0t16 0 16 0 16 0" stroke="#9ED8DB" stroke-width="4" fill="none" stroke-linecap="round"/>"##,
        "</svg>"
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Minimal well-formedness check: one root, tags balanced, attributes quoted.
    pub fn well_formed(svg: &str) -> bool {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        let mut roots = 0;
        while let Some(start) = rest.find('<') {
            if !rest[..start].trim().is_empty() {
                return false;
            }
            let Some(end) = rest[start..].find('>') else {
                return false;
            };
            let tag = &rest[start + 1..start + end];
            rest = &rest[start + end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                if stack.pop() != Some(name) {
                    return false;
                }
                continue;
            }
            if stack.is_empty() {
                roots += 1;
            }
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body.split_whitespace().next().unwrap_or_default();
            if name.is_empty() || !body.matches('"').count().is_multiple_of(2) {
                return false;
            }
            if !self_closing {
                stack.push(name);
            }
        }
        stack.is_empty() && roots == 1 && rest.trim().is_empty()
    }

    fn all_images() -> Vec<(String, String)> {
        let mut images = vec![("logo".to_owned(), store_logo())];
        for id in 1..=BANNERS {
            images.push((format!("banner {id}"), banner(id)));
        }
        let kinds = [
            Kind::Products,
            Kind::Branches,
            Kind::Covers,
            Kind::Categories,
            Kind::Services,
            Kind::Brands,
            Kind::BranchCategories,
        ];
        for kind in kinds {
            for id in (1..=300).chain([999_999_999_999, i64::MAX]) {
                for service in 1..=4 {
                    images.push((format!("{kind:?} {id}"), render(kind, id, service)));
                }
            }
        }
        images
    }

    #[test]
    fn every_image_is_small_well_formed_svg() {
        for (name, svg) in all_images() {
            assert!(svg.len() < 3 * 1024, "{name}: {} bytes", svg.len());
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""),
                "{name}"
            );
            assert!(svg.contains("viewBox=\"0 0 "), "{name}");
            assert!(well_formed(&svg), "{name}: {svg}");
            assert!(!svg.contains("script") && !svg.contains("href"), "{name}");
        }
    }

    #[test]
    fn the_checker_rejects_broken_xml() {
        assert!(well_formed(r#"<svg a="1"><g><rect/></g></svg>"#));
        assert!(!well_formed(r#"<svg><g></svg>"#));
        assert!(!well_formed(r#"<svg a="1><rect/></svg>"#));
        assert!(!well_formed(r#"<svg/><svg/>"#));
    }

    #[test]
    fn images_are_deterministic_and_vary_by_id() {
        assert_eq!(render(Kind::Products, 7, 1), render(Kind::Products, 7, 1));
        let distinct: std::collections::HashSet<String> =
            (1..=20).map(|id| render(Kind::Products, id, 1)).collect();
        assert_eq!(distinct.len(), 20);
        assert_ne!(render(Kind::Products, 7, 1), render(Kind::Products, 7, 3));
    }

    #[test]
    fn aspect_ratios() {
        assert!(
            render(Kind::Products, 1, 1)
                .contains(r#"width="512" height="512" viewBox="0 0 100 100""#)
        );
        assert!(
            render(Kind::Covers, 1, 1).contains(r#"width="960" height="540" viewBox="0 0 160 90""#)
        );
        assert!(banner(1).contains(r#"width="1200" height="400" viewBox="0 0 300 100""#));
    }

    #[test]
    fn only_canonical_ids_parse() {
        assert_eq!(parse_id("42.svg"), Some(42));
        for bad in [
            "0.svg",
            "042.svg",
            "-1.svg",
            "+1.svg",
            "1.png",
            "1",
            ".svg",
            "1.svg.svg",
            "9999999999999999999.svg",
            "../1.svg",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
        assert_eq!(Kind::parse("uploads"), None);
        assert_eq!(Kind::parse(".."), None);
    }
}
