//! Writes the core's data, the parts of the rules that are constants, as JSON files into
//! the folder given as the first argument (`just pkg` writes pkg/data/):
//! - `messages.en.json`, `messages.ar.json`: every message template by id, in ICU
//!   syntax, for react-intl or any ICU formatter;
//! - `layout.json`: the layout constants (breakpoints, list and map sizes), the account
//!   menu and the profile dropdown;
//! - `storage.json`: `nothing_stored`, the client state the core reads from empty
//!   storage (what a client holds before it has read storage);
//! - `limits.json`: the limits a form shows before the rule refuses (a counter's
//!   maximum), e.g. `review_comment_max_graphemes`.
//!
//! Clients read these instead of asking the WASM module, so the browser build carries
//! neither language's texts nor these tables.

use serde_json::json;
use storefront_core::layout::{account_menu, layout_constants, profile_dropdown};
use storefront_core::locale::Language;
use storefront_core::messages::catalogue;
use storefront_core::reviews::REVIEW_COMMENT_MAX_GRAPHEMES;
use storefront_core::storage::{MemoryStorage, read_state};

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: export-data OUTPUT_DIR");
        std::process::exit(2);
    };
    let dir = std::path::Path::new(&dir);
    let write = |name: &str, value: serde_json::Value| {
        let path = dir.join(name);
        let text = serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
        if let Err(err) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, text)) {
            eprintln!("export-data: cannot write {}: {err}", path.display());
            std::process::exit(1);
        }
    };
    for language in [Language::En, Language::Ar] {
        write(
            &format!("messages.{}.json", language.code()),
            json!(catalogue(language)),
        );
    }
    write(
        "layout.json",
        json!({
            "constants": layout_constants(),
            "account_menu": account_menu(),
            "profile_dropdown": profile_dropdown(),
        }),
    );
    write(
        "storage.json",
        json!({ "nothing_stored": read_state(&MemoryStorage::default()) }),
    );
    write(
        "limits.json",
        json!({ "review_comment_max_graphemes": REVIEW_COMMENT_MAX_GRAPHEMES }),
    );
}
