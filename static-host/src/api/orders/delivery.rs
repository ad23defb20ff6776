//! Where a shop delivers (and picks returns up): its own district and every district
//! whose centre lies within [`DELIVERY_RADIUS_M`] of the centre of the shop's
//! district. A district's centre is the mean of its outline's corners. In the demo
//! city the three central districts (Zamalek, Dokki, Downtown & Garden City, about
//! 2–3.3 km apart) serve each other, while Maadi and Heliopolis (10 km and more from
//! everything) are served only by their own shops.

use rusqlite::{Connection, OptionalExtension};

/// How far from its district's centre a shop delivers, in metres.
pub const DELIVERY_RADIUS_M: f64 = 5_000.0;

const EARTH_RADIUS_M: f64 = 6_371_000.0;

/// The centre `(latitude, longitude)` of a district outline stored as a JSON ring of
/// `[longitude, latitude]` points (the closing point, equal to the first, is not
/// counted twice). None when the text is not such a ring.
pub fn centre(polygon_json: &str) -> Option<(f64, f64)> {
    let ring: Vec<[f64; 2]> = serde_json::from_str(polygon_json).ok()?;
    let points = match ring.split_last() {
        Some((last, rest)) if !rest.is_empty() && *last == rest[0] => rest,
        _ => &ring[..],
    };
    if points.is_empty() {
        return None;
    }
    let n = points.len() as f64;
    let lat = points.iter().map(|p| p[1]).sum::<f64>() / n;
    let lng = points.iter().map(|p| p[0]).sum::<f64>() / n;
    (lat.is_finite() && lng.is_finite()).then_some((lat, lng))
}

/// Great-circle distance in metres between two `(latitude, longitude)` points.
pub fn distance_m(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1, la2, lo2) = (
        a.0.to_radians(),
        a.1.to_radians(),
        b.0.to_radians(),
        b.1.to_radians(),
    );
    let h = ((la2 - la1) / 2.0).sin().powi(2)
        + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().min(1.0).asin()
}

/// Whether a shop in `branch_district` delivers to `district`.
pub fn serves(conn: &Connection, branch_district: i64, district: i64) -> rusqlite::Result<bool> {
    if branch_district == district {
        return Ok(true);
    }
    let polygon = |id: i64| -> rusqlite::Result<Option<String>> {
        conn.query_row("SELECT polygon FROM districts WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()
    };
    let (Some(from), Some(to)) = (polygon(branch_district)?, polygon(district)?) else {
        return Ok(false);
    };
    Ok(match (centre(&from), centre(&to)) {
        (Some(a), Some(b)) => distance_m(a, b) <= DELIVERY_RADIUS_M,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_skip_the_closing_point() {
        let ring = "[[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0], [0.0, 0.0]]";
        assert_eq!(centre(ring), Some((1.0, 1.0)));
        assert_eq!(centre("[]"), None);
        assert_eq!(centre("not json"), None);
    }

    #[test]
    fn distances_are_great_circle_metres() {
        // One degree of latitude is about 111.2 km.
        let d = distance_m((30.0, 31.0), (31.0, 31.0));
        assert!((d - 111_195.0).abs() < 100.0, "{d}");
        assert_eq!(distance_m((30.0, 31.0), (30.0, 31.0)), 0.0);
    }

    #[test]
    fn the_demo_city_central_districts_serve_each_other_only() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::api::db::Db::open(&dir.path().join("s.db"), 1).unwrap();
        db.with_writer(|c| {
            crate::api::seed::run(c, 1_700_000_000_000, crate::api::seed::DEFAULT_PRODUCTS)
        })
        .unwrap();
        db.with_writer(|c| {
            for (a, b, expected) in [
                (1, 1, true),
                (1, 2, true),
                (1, 3, true),
                (2, 3, true),
                (1, 4, false),
                (1, 5, false),
                (4, 5, false),
                (5, 5, true),
                (1, 99, false),
            ] {
                assert_eq!(serves(c, a, b).unwrap(), expected, "{a} -> {b}");
                assert_eq!(serves(c, b, a).unwrap(), expected, "{b} -> {a}");
            }
        });
    }
}
