//! Pictures of an external API: the addresses in its answers (`/api/media/…`) are site
//! paths of the API's server, so the pages this server sends show them from there, not
//! from this server, which has no such files. The UI resolves its own calls' answers the
//! same way (`ui/src/api/media.ts`), so the page it adopts is the one it would draw.

use reqwest::Url;
use serde_json::Value;

/// The fields of the API's documents that hold a picture's address (the UI's list).
const MEDIA_FIELDS: [&str; 7] = [
    "logo",
    "icon",
    "mini_icon",
    "image",
    "images",
    "cover",
    "fav_icon",
];

/// `data` with every picture address resolved against `api_base` (the API's base URL).
pub fn resolved(mut data: Value, api_base: &str) -> Value {
    if let Ok(base) = Url::parse(&format!("{}/", api_base.trim_end_matches('/'))) {
        resolve(&mut data, &base);
    }
    data
}

fn resolve(value: &mut Value, base: &Url) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|item| resolve(item, base)),
        Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                if !MEDIA_FIELDS.contains(&name.as_str()) {
                    resolve(field, base);
                } else if let Value::String(url) = field {
                    *url = absolute(url, base);
                } else if let Value::Array(urls) = field {
                    for url in urls {
                        if let Value::String(url) = url {
                            *url = absolute(url, base);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// A full address for `url`: unchanged when it is empty or already full.
fn absolute(url: &str, base: &Url) -> String {
    if url.is_empty() || url.starts_with("//") || Url::parse(url).is_ok() {
        return url.to_owned();
    }
    base.join(url).map_or_else(|_| url.to_owned(), String::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn picture_fields_come_from_the_api_server_and_nothing_else_changes() {
        let answer = json!({
            "logo": "/api/media/brand/logo.svg",
            "link": "/home",
            "blocks": [{"items": [{"image": "/api/media/banners/1.svg", "icon": "media/c.svg", "name": "/x"}]}],
            "product": {"images": ["/api/media/p/1.png", "https://cdn.example/2.png"], "cover": null},
            "fav_icon": "",
        });
        assert_eq!(
            resolved(answer, "https://api.shop.example:8443/api/"),
            json!({
                "logo": "https://api.shop.example:8443/api/media/brand/logo.svg",
                "link": "/home",
                "blocks": [{"items": [{
                    "image": "https://api.shop.example:8443/api/media/banners/1.svg",
                    "icon": "https://api.shop.example:8443/api/media/c.svg",
                    "name": "/x",
                }]}],
                "product": {"images": ["https://api.shop.example:8443/api/media/p/1.png", "https://cdn.example/2.png"], "cover": null},
                "fav_icon": "",
            })
        );
    }

    #[test]
    fn full_and_protocol_relative_addresses_stay() {
        let answer = json!({"image": "//cdn.example/a.png", "logo": "data:image/png;base64,AA"});
        assert_eq!(resolved(answer.clone(), "http://127.0.0.1:9/api"), answer);
    }
}
