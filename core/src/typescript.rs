//! TypeScript declarations of the public types, generated from the Rust types
//! themselves (ts-rs), so the bindings' `.d.ts` can never drift from the serde shapes.

use ts_rs::{Config, TS};

/// Collects `export type …` declarations.
pub struct Declarations {
    config: Config,
    out: Vec<String>,
}

impl Declarations {
    /// Adds one type's declaration.
    pub fn add<T: TS + 'static + ?Sized>(&mut self) -> &mut Self {
        let decl = T::decl(&self.config);
        if let Some(docs) = T::docs() {
            self.out.push(docs.trim_end().to_owned());
        }
        self.out.push(format!("export {decl}"));
        self
    }
}

/// All declarations, as the body of `pkg/types.d.ts`.
pub fn declarations() -> String {
    let mut d = Declarations {
        // Ids and counters are JS numbers, never bigint: they stay far below 2^53.
        config: Config::new().with_large_int("number"),
        out: Vec::new(),
    };
    crate::register_typescript(&mut d);
    let mut text =
        String::from("// Generated from storefront-core by `just pkg`; do not edit.\n\n");
    for line in d.out {
        text.push_str(&line);
        text.push('\n');
    }
    text
}
