//! The client address the per-IP limits count against: the TCP peer, or, only when
//! the operator says a reverse proxy stands in front (`--trust-forwarded-headers`),
//! the address that proxy appended to `X-Forwarded-For`. IPv6 clients are counted per
//! /64, the block one household or phone usually gets.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, Request};
use axum::http::HeaderMap;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The address of the request's client, normalised for counting.
pub fn client_ip(request: &Request, trust_forwarded_headers: bool) -> IpAddr {
    client_ip_of(
        request.extensions(),
        request.headers(),
        trust_forwarded_headers,
    )
}

/// [`client_ip`] from a request's parts (for extractors).
pub fn client_ip_of(
    extensions: &axum::http::Extensions,
    headers: &HeaderMap,
    trust_forwarded_headers: bool,
) -> IpAddr {
    let peer = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let forwarded = trust_forwarded_headers
        .then(|| forwarded_for(headers))
        .flatten();
    normalise(
        forwarded
            .or(peer)
            .unwrap_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED)),
    )
}

/// The last address of the last `X-Forwarded-For` header: the one our own proxy
/// added. Earlier entries come from the client and can be anything.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    last.to_str().ok()?.rsplit(',').next()?.trim().parse().ok()
}

/// Whether the request reached the proxy over TLS (`X-Forwarded-Proto: https`), when
/// forwarded headers are trusted. static-host itself serves plain HTTP.
pub fn arrived_over_tls(headers: &HeaderMap, trust_forwarded_headers: bool) -> bool {
    trust_forwarded_headers
        && headers
            .get_all("x-forwarded-proto")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

fn normalise(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// How a client (its address, as the per-IP limits count it) is stored with the codes
/// it asked for: a keyed hash, so the database holds no address.
pub fn client_key(secret: &[u8; 32], ip: IpAddr) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret) else {
        unreachable!("HMAC accepts keys of any length")
    };
    mac.update(b"client\0");
    mac.update(ip.to_string().as_bytes());
    hex::encode(&mac.finalize().into_bytes()[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(peer: &str, headers: &[(&str, &str)]) -> Request {
        let mut builder = Request::builder();
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        let mut request = builder.body(axum::body::Body::empty()).unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo::<SocketAddr>(peer.parse().unwrap()));
        request
    }

    #[test]
    fn the_peer_counts_unless_the_proxy_is_trusted() {
        let r = request(
            "10.0.0.2:5555",
            &[("x-forwarded-for", "203.0.113.9, 198.51.100.7")],
        );
        assert_eq!(client_ip(&r, false), "10.0.0.2".parse::<IpAddr>().unwrap());
        // The proxy appended the last entry; the first was sent by the client.
        assert_eq!(
            client_ip(&r, true),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        let garbage = request("10.0.0.2:5555", &[("x-forwarded-for", "not-an-ip")]);
        assert_eq!(
            client_ip(&garbage, true),
            "10.0.0.2".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn ipv6_counts_per_64_and_mapped_v4_as_v4() {
        let a = request("[2001:db8:1:2:aaaa::1]:80", &[]);
        let b = request("[2001:db8:1:2:bbbb::9]:80", &[]);
        assert_eq!(client_ip(&a, false), client_ip(&b, false));
        let mapped = request("[::ffff:192.0.2.1]:80", &[]);
        assert_eq!(
            client_ip(&mapped, false),
            "192.0.2.1".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn tls_is_only_believed_from_a_trusted_proxy() {
        let r = request("10.0.0.2:1", &[("x-forwarded-proto", "https")]);
        assert!(arrived_over_tls(r.headers(), true));
        assert!(!arrived_over_tls(r.headers(), false));
        let plain = request("10.0.0.2:1", &[("x-forwarded-proto", "http")]);
        assert!(!arrived_over_tls(plain.headers(), true));
    }
}
