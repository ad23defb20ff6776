# Recipes of the storefront. Start through ./dev, which installs the tools first.

set shell := ["bash", "-euo", "pipefail", "-c"]

export PATH := justfile_directory() / "ui/node_modules/.bin" + ":" + env_var("PATH")
export CHROMEDRIVER := env_var_or_default("CHROMEDRIVER", "/usr/bin/chromedriver")

addr := env_var_or_default("STOREFRONT_ADDR", "127.0.0.1:8080")
oha_version := "1.16.0"
wasm_opt_flags := "--zero-filled-memory --low-memory-unused --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue"

default:
    @just --list

# Say which tools are present and which are missing.
doctor:
    #!/usr/bin/env bash
    for tool in cargo rustup npm node just wasm-pack wasm-bindgen wasm-opt chromium chromedriver; do
      if command -v "$tool" >/dev/null; then printf '  ok       %-13s %s\n' "$tool" "$(command -v "$tool")"
      else printf '  MISSING  %s   (./dev installs it)\n' "$tool"; fi
    done
    rustup target list --installed | grep -qx wasm32-unknown-unknown && echo "  ok       wasm32-unknown-unknown target" || echo "  MISSING  wasm32-unknown-unknown target"

# Write pkg/'s npm manifest (enough for npm ci to link the package before it is built).
# The version is the Rust crates' (Cargo.toml's [workspace.package]): one version source.
pkg-manifest:
    mkdir -p pkg
    cp wasm-bindings/npm/README.md wasm-bindings/npm/CHANGELOG.md wasm-bindings/npm/core-error.mjs LICENSE pkg/
    # The same class for the Node build, which is CommonJS.
    { sed 's/^export const CoreError/const CoreError/' wasm-bindings/npm/core-error.mjs; printf '\nmodule.exports = { CoreError };\n'; } > pkg/core-error.cjs
    # Version, licence and repository come from the crates' [workspace.package]: one
    # source for both registries.
    node -e 'const fs = require("fs"); \
      const cargo = /\[workspace\.package\]([^[]*)/.exec(fs.readFileSync("Cargo.toml", "utf8"))[1]; \
      const field = (key) => new RegExp(`\\n${key} = "([^"]+)"`).exec(cargo)[1]; \
      const repository = field("repository"); \
      const { name, ...rest } = JSON.parse(fs.readFileSync("wasm-bindings/npm/package.json", "utf8")); \
      fs.writeFileSync("pkg/package.json", JSON.stringify({ name, version: field("version"), license: field("license"), \
        repository: { type: "git", url: `git+${repository}.git`, directory: "wasm-bindings/npm" }, \
        homepage: repository, ...rest }, null, 2) + "\n")'

# The whole core as bundler/ (Vite, webpack) and nodejs/ (jest, Node, the pages' server
# render), and two subsets for bundlers that pages load first: start/ (the shell,
# landing page and /home) and cart/ (product and cart pages); then the TypeScript
# declarations and the core's data (message texts, layout tables) as JSON in data/.
# wasm-opt repeats -Oz until it stops shrinking (--converge: about 1 KB gzip for a few
# seconds).
# Build the WASM core into pkg/.
pkg: pkg-manifest
    just pkg-module bundler bundler ""
    just pkg-module nodejs nodejs ""
    just pkg-module bundler start "--no-default-features --features start"
    just pkg-module bundler cart "--no-default-features --features cart"
    cargo run --quiet -p storefront-core --features ts --example export-typescript -- pkg/types.d.ts
    cargo run --quiet -p storefront-core --example export-data -- pkg/data

# Built in its own target dir (target/wasm: absolute, as wasm-pack runs cargo inside
# wasm-bindings/), so that a server build can run beside it (cargo locks a
# target dir per build).
# One wasm-pack build of the bindings with the given cargo features into pkg/<dir>.
pkg-module target dir features:
    CARGO_TARGET_DIR="{{justfile_directory()}}/target/wasm" wasm-pack --quiet build wasm-bindings --profile wasm-release --no-opt --no-pack \
      --target {{target}} --out-dir ../pkg/{{dir}} --out-name storefront_core -- {{features}}
    wasm-opt -Oz --converge {{wasm_opt_flags}} pkg/{{dir}}/storefront_core_bg.wasm -o pkg/{{dir}}/storefront_core_bg.wasm
    rm -f pkg/{{dir}}/.gitignore
    # The CoreError class (wasm-bindings/npm/core-error.mjs), exported beside the rules.
    if [ "{{target}}" = nodejs ]; then \
      printf '\nexports.CoreError = require("../core-error.cjs").CoreError;\n' >> pkg/{{dir}}/storefront_core.js; \
    else \
      printf '\nexport { CoreError } from "../core-error.mjs";\n' >> pkg/{{dir}}/storefront_core.js; \
    fi

# The OpenAPI document is printed by the static-host build the caller goes on to use:
# release for `run` (built once, then served), debug for the test suites (built with
# the feature set of `cargo test --workspace`, so nothing is compiled twice).
# TypeScript types of the product API, from the OpenAPI document the handlers publish
# (for the UI, and in pkg/api for the package).
api-types profile="release":
    #!/usr/bin/env bash
    set -euo pipefail
    case "{{profile}}" in
      release) cargo build --release --quiet -p static-host ;;
      debug) cargo build --workspace --all-targets --quiet ;;
      *) echo "api-types: profile is release or debug, not {{profile}}" >&2; exit 2 ;;
    esac
    ./target/{{profile}}/static-host --print-openapi > target/openapi.json
    openapi-typescript target/openapi.json --output ui/src/api/schema.gen.ts --alphabetize
    # The package ships them too (storefront-core/api), so another client needs no server build.
    mkdir -p pkg/api
    cp target/openapi.json pkg/api/openapi.json
    cp ui/src/api/schema.gen.ts pkg/api/schema.d.ts

# Everything generated that the UI and its tests compile against.
[parallel]
generated profile="release": pkg (api-types profile)

# Print the release WASM core's size, raw and gzip.
wasm-size: pkg
    @for dir in start cart bundler; do \
      printf '%-8s storefront_core_bg.wasm: %7s bytes raw, %7s bytes gzip -9\n' "$dir" \
        "$(wc -c < pkg/$dir/storefront_core_bg.wasm)" "$(gzip -9c pkg/$dir/storefront_core_bg.wasm | wc -c)"; \
    done

# Fail if storefront-core's dependency tree holds a wasm or JS crate: the rules must stay
# plain Rust that any client can reuse. All targets and features count.
core-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    deps=$(cargo tree -p storefront-core -e normal --all-features --target all --prefix none --format '{p}' | sed 's/ (\*)$//' | sort -u)
    if found=$(grep -E '^(wasm-bindgen|js-sys|web-sys|serde-wasm-bindgen)[a-z0-9-]* v' <<<"$deps"); then
      printf 'storefront-core must not depend on wasm or JS crates, found:\n%s\n' "$found"
      exit 1
    fi
    echo "storefront-core: $(wc -l <<<"$deps") crates, none of them a wasm or JS crate"

# The API types come from the release server unless told otherwise (`just ui debug`).
# Build the UI for production into ui/dist.
[parallel]
ui profile="release": pkg (api-types profile)
    cd ui && npm run --silent build

# Build everything and serve the storefront (UI + embedded API).
run: ui
    cargo build --release -p static-host
    STOREFRONT_ADDR={{addr}} STOREFRONT_UI_DIR=ui/dist ./target/release/static-host

# Page weight by kind and Lighthouse scores of the landing page, /home, a product and
# /cart against a release static-host on a fresh data dir (figures in docs/performance.md).
bench-web: ui
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release --quiet -p static-host
    data=$(mktemp -d)
    port=${BENCH_PORT:-18090}
    STOREFRONT_ADDR=127.0.0.1:$port STOREFRONT_DATA_DIR="$data" STOREFRONT_UI_DIR=ui/dist \
      STOREFRONT_CODE_SENDER="file:$data/outbox.jsonl" RUST_LOG=warn \
      ./target/release/static-host > "$data/server.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true; rm -rf "$data"' EXIT
    for _ in $(seq 150); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.2; done
    cd ui && node scripts/bench-web.mjs --base "http://127.0.0.1:$port" --outbox "$data/outbox.jsonl"

# The packed package (npm pack of pkg/) installed into four fixture projects: Node ESM,
# Node CommonJS, a Vite page and a webpack 5 page (wasm-bindings/npm/fixtures).
pkg-fixtures:
    cd ui && node scripts/pkg-fixtures.mjs

# The second client, examples/node-shopper (TypeScript for Node: the packed package and
# the HTTP API only), against a fresh static-host: signs in by phone, registers, picks a
# district, searches in Arabic, fills the cart, applies a coupon, checks out with cash
# and lists the order in English and Arabic. The server is STATIC_HOST_BIN, else the
# debug build (built here only when missing).
node-shopper:
    if [ -z "${STATIC_HOST_BIN:-}" ] && [ ! -x target/debug/static-host ]; then cargo build --quiet -p static-host; fi
    cd ui && node scripts/node-shopper.mjs

# The package's API reference, from its declarations and their doc comments (TypeDoc),
# into target/pkg-docs/index.html. Any TypeDoc warning fails it.
pkg-docs:
    cd wasm-bindings/npm && ../../ui/node_modules/.bin/typedoc --options typedoc.json

# WASM-facing tests in headless Chromium (Debian's chromedriver). The test runner ends
# chromedriver without closing its session, which leaves a 23 MB browser profile per
# test file in the temp dir; they go to one folder here that is removed afterwards.
wasm-test:
    #!/usr/bin/env bash
    set -euo pipefail
    export TMPDIR="$PWD/target/tmp/wasm-test"
    mkdir -p "$TMPDIR"
    trap 'rm -rf "$TMPDIR"' EXIT
    wasm-pack test --headless --chrome wasm-bindings

# Browser end-to-end tests against static-host on a fresh database.
e2e: (ui "debug")
    # Same feature set as `cargo test --workspace`, so nothing is rebuilt.
    cargo build --workspace --all-targets --quiet
    cd ui && npx playwright test

# API latency over 100,000 products at 500 requests/s from a loopback load tool (prints figures; not a test).
bench-api:
    cargo build --release -p static-host
    # oha (HTTP load generator) is built from crates.io into .tools/ the first time.
    if [ "$(.tools/bin/oha --version 2>/dev/null)" != "oha {{oha_version}}" ]; then \
      cargo install oha --version {{oha_version}} --locked --root .tools || \
        cargo install oha --version {{oha_version}} --root .tools; \
    fi
    node static-host/bench/api-latency.mjs

# No 5xx, no answer outside the contract, no crash. FUZZ_EXAMPLES (per operation)
# and FUZZ_SEED change the budget and the seed.
# Fuzz the embedded API from its OpenAPI document (schemathesis) on a fresh database.
fuzz-api:
    # Same feature set as `cargo test --workspace`, so nothing is rebuilt.
    cargo build --workspace --all-targets --quiet
    python3 static-host/contract-fuzz/run.py --max-examples "${FUZZ_EXAMPLES:-50}" --seed "${FUZZ_SEED:-20251124}"

# Format Rust and fix lint where it can be fixed automatically.
fix:
    cargo fmt --all
    cd ui && npx eslint --fix .

# Every test suite; prints each suite's summary and fails if any failed.
test:
    #!/usr/bin/env bash
    set -uo pipefail
    failed=()
    suite() {
      local name=$1; shift
      printf '\n\033[1m━━ %s\033[0m\n' "$name"
      if "$@"; then printf '\033[32m✔ %s\033[0m\n' "$name"; else printf '\033[31m✘ %s\033[0m\n' "$name"; failed+=("$name"); fi
    }
    suite "rustfmt"                     cargo fmt --all --check
    suite "clippy (native)"             cargo clippy --workspace --all-targets --quiet -- -D warnings
    suite "clippy (wasm32)"             cargo clippy -p storefront-wasm --all-targets --target wasm32-unknown-unknown --quiet -- -D warnings
    suite "core has no wasm/JS deps"    just core-deps
    suite "cargo test"                  cargo test --workspace
    suite "API fuzzing (schemathesis)"  just fuzz-api
    suite "wasm tests (chromium)"       just wasm-test
    suite "build pkg/ and API types"    just generated debug
    suite "tsc"                         bash -c 'cd ui && npm run --silent typecheck'
    suite "eslint"                      bash -c 'cd ui && npm run --silent lint'
    suite "jest"                        bash -c 'cd ui && npx jest --ci'
    suite "package fixtures"            just pkg-fixtures
    suite "package reference (TypeDoc)" just pkg-docs
    suite "second client (node-shopper)" just node-shopper
    suite "e2e (chromium)"              just e2e
    echo
    if [ ${#failed[@]} -gt 0 ]; then
      printf '\033[31mFAILED: %s\033[0m\n' "${failed[*]}"; exit 1
    fi
    printf '\033[32mAll suites passed.\033[0m\n'
