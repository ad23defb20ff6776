//! Where a shop delivers: a shop delivers to its own district and to every district
//! whose centre lies within [`DELIVERY_RADIUS_M`] of the centre of the shop's
//! district. A district's centre is the mean of its outline's corners. The server
//! keeps the rule's answers in a table (see its `location::delivery`); the rule itself
//! is here so every client and the database's SQL function decide alike.

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

/// A district as the rule reads it: its id and its outline (JSON ring).
#[derive(Debug, Clone, Copy)]
pub struct District<'a> {
    pub id: i64,
    pub polygon: &'a str,
}

/// The rule: whether a shop whose own district is `home` delivers to `to`.
pub fn reaches(home: District<'_>, to: District<'_>) -> bool {
    if home.id == to.id {
        return true;
    }
    match (centre(home.polygon), centre(to.polygon)) {
        (Some(a), Some(b)) => distance_m(a, b) <= DELIVERY_RADIUS_M,
        _ => false,
    }
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
    fn the_rule_is_the_own_district_or_a_centre_within_the_radius() {
        // Squares of 0.01° (about 1.1 km), centres 0.04° (4.4 km) and 0.06° (6.7 km)
        // of latitude apart.
        let square = |lat: f64| {
            format!(
                "[[31.0,{lat}],[31.01,{lat}],[31.01,{}],[31.0,{}],[31.0,{lat}]]",
                lat + 0.01,
                lat + 0.01
            )
        };
        let (a, b, c) = (square(30.0), square(30.04), square(30.1));
        fn d(id: i64, polygon: &str) -> District<'_> {
            District { id, polygon }
        }
        assert!(reaches(d(1, &a), d(1, &a)));
        assert!(reaches(d(1, &a), d(2, &b)) && reaches(d(2, &b), d(1, &a)));
        assert!(!reaches(d(1, &a), d(3, &c)));
        // An unreadable outline reaches only its own district.
        assert!(reaches(d(4, "?"), d(4, "?")));
        assert!(!reaches(d(4, "?"), d(1, &a)) && !reaches(d(1, &a), d(4, "?")));
    }
}
