//! Writes the TypeScript declarations of storefront-core's public types to the path
//! given as the first argument (`just pkg` writes pkg/types.d.ts).

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: export-typescript OUTPUT.d.ts");
        std::process::exit(2);
    };
    if let Err(err) = std::fs::write(&path, storefront_core::typescript::declarations()) {
        eprintln!("export-typescript: cannot write {path}: {err}");
        std::process::exit(1);
    }
}
