# Recipes of the storefront. Start through ./dev, which installs the tools first.

set shell := ["bash", "-euo", "pipefail", "-c"]
# Comments in a recipe are for its reader, not echoed as commands.
set ignore-comments

export PATH := justfile_directory() / "ui/node_modules/.bin" + ":" + env_var("PATH")
export CHROMEDRIVER := env_var_or_default("CHROMEDRIVER", "/usr/bin/chromedriver")

addr := env_var_or_default("STOREFRONT_ADDR", "127.0.0.1:8080")
oha_version := "1.16.0"
wasm_opt_flags := "--zero-filled-memory --low-memory-unused --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue"

# The workspace's debug builds (the test binaries, the servers the suites start, the WASM
# tests) compile through clippy's driver, which lints each workspace crate as it
# compiles it, warnings refused: the lint then needs no check build of every crate of
# its own (`cargo clippy` took 340 CPU s of a clean clone's `./dev test`; the driver
# adds about 40 to the build). Every recipe building them does so, so all share one build.
linted := "env RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

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
[doc("Write pkg/package.json (version from the crates' [workspace.package]).")]
pkg-manifest:
    @mkdir -p pkg
    @cp wasm-bindings/npm/README.md wasm-bindings/npm/CHANGELOG.md wasm-bindings/npm/core-error.mjs LICENSE pkg/
    # The same class for the Node build, which is CommonJS.
    @{ sed 's/^export const CoreError/const CoreError/; s/^export function isCoreError/function isCoreError/' wasm-bindings/npm/core-error.mjs; printf '\nmodule.exports = { CoreError, isCoreError };\n'; } > pkg/core-error.cjs
    # The API documents' readers (storefront-core/api), ES module and CommonJS; their
    # types beside the documents' (pkg/api/schema.d.ts, written by `api-types`).
    @mkdir -p pkg/api && cp wasm-bindings/npm/api/values.mjs wasm-bindings/npm/api/values.d.ts pkg/api/
    @{ sed 's/^export function /function /' wasm-bindings/npm/api/values.mjs; printf '\nmodule.exports = { couponRuleOf, cartItemOf, cartOf, startupConfigOf, startupProfileOf };\n'; } > pkg/api/values.cjs
    # Version, licence and repository come from the crates' [workspace.package]: one
    # source for both registries.
    @node -e 'const fs = require("fs"); \
      const cargo = /\[workspace\.package\]([^[]*)/.exec(fs.readFileSync("Cargo.toml", "utf8"))[1]; \
      const field = (key) => new RegExp(`\\n${key} = "([^"]+)"`).exec(cargo)[1]; \
      const repository = field("repository"); \
      const { name, ...rest } = JSON.parse(fs.readFileSync("wasm-bindings/npm/package.json", "utf8")); \
      fs.writeFileSync("pkg/package.json", JSON.stringify({ name, version: field("version"), license: field("license"), \
        repository: { type: "git", url: `git+${repository}.git`, directory: "wasm-bindings/npm" }, \
        homepage: repository, ...rest }, null, 2) + "\n")'

# The inputs every WASM module is built from, for scripts/fresh.
wasm_inputs := "--in core/src --in core/Cargo.toml --in wasm-bindings/src --in wasm-bindings/Cargo.toml --in Cargo.toml --in Cargo.lock"

# The whole core as bundler/ (Vite, webpack) and nodejs/ (jest, Node, the pages' server
# render), and two subsets for bundlers that pages load first: start/ (the shell,
# landing page and /home) and cart/ (product and cart pages); then the TypeScript
# declarations and the core's data (message texts, layout tables) as JSON in data/.
# Each part is rebuilt only when its inputs changed (scripts/fresh).
# Build the WASM core into pkg/ (PROFILE: release or dev, see pkg-module).
[parallel]
pkg profile="release": pkg-manifest (pkg-module "whole" profile) (pkg-module "start" profile) (pkg-module "cart" profile) pkg-gen

# DIR: `whole` (the whole core, as bundler/ and nodejs/), `start` or `cart`. PROFILE `release` is the smallest module (fat LTO, wasm-opt -Oz repeated
# until it stops shrinking: about 1 KB gzip for a minute of wasm-opt), what `run`,
# `bench-web` and CI serve; `dev` builds in a fraction of the time (thin LTO, one
# wasm-opt pass) for `./dev dev`. Each profile's build is kept in target/pkg-build/, so
# switching between them only copies.
# One WASM module into pkg/.
pkg-module dir profile="release":
    #!/usr/bin/env bash
    set -euo pipefail
    case "{{profile}}" in
      release) opt="-Oz --converge" ;;
      dev) opt="-O1" ;;
      *) echo "pkg-module: PROFILE is release or dev, not {{profile}}" >&2; exit 2 ;;
    esac
    build="target/pkg-build/{{profile}}/{{dir}}"
    scripts/fresh "wasm {{dir}} ({{profile}})" {{wasm_inputs}} \
      --key "$opt {{wasm_opt_flags}}" --key "$(rustc -V) $(wasm-bindgen --version) $(wasm-opt --version)" \
      --out "$build/.built" -- just _wasm-build {{dir}} {{profile}} "$opt"
    # pkg/ holds one profile's build at a time (target/pkg-build/in-pkg says which): copy
    # this one in unless it is there.
    mkdir -p target/pkg-build/in-pkg
    for out in "$build"/*/; do
      dir=$(basename "$out") in_pkg="target/pkg-build/in-pkg/$(basename "$out")"
      if [ ! -f "pkg/$dir/storefront_core_bg.wasm" ] || ! cmp -s "$build/.built" "$in_pkg"; then
        rm -rf "pkg/$dir" && cp -R "$out" "pkg/$dir" && cp "$build/.built" "$in_pkg"
      fi
    done

# Built in its own target dir (target/wasm: absolute, as wasm-pack runs cargo inside
# wasm-bindings/), so that a server build can run beside it (cargo locks a
# target dir per build). The nodejs/ glue of the whole core wraps the same WASM as its
# bundler/ glue, so wasm-opt runs once for both.
[private]
_wasm-build dir profile opt:
    #!/usr/bin/env bash
    set -euo pipefail
    build="{{justfile_directory()}}/target/pkg-build/{{profile}}/{{dir}}"
    rm -rf "$build" && mkdir -p "$build"
    case "{{dir}}" in
      whole) features=""; outs="bundler nodejs" ;;
      start | cart) features="--no-default-features --features {{dir}}"; outs="{{dir}}" ;;
      *) echo "pkg-module: DIR is whole, start or cart, not {{dir}}" >&2; exit 2 ;;
    esac
    optimised=""
    for out in $outs; do
      target=bundler; [ "$out" = nodejs ] && target=nodejs
      CARGO_TARGET_DIR="{{justfile_directory()}}/target/wasm" wasm-pack --quiet build wasm-bindings \
        --profile wasm-{{profile}} --no-opt --no-pack --target "$target" --out-dir "$build/$out" \
        --out-name storefront_core -- $features
      wasm="$build/$out/storefront_core_bg.wasm"
      if [ -n "$optimised" ] && cmp -s "$wasm" "$build/unoptimised.wasm"; then
        cp "$optimised" "$wasm"
      else
        cp "$wasm" "$build/unoptimised.wasm"
        wasm-opt {{opt}} {{wasm_opt_flags}} "$wasm" -o "$wasm"
        optimised="$wasm"
      fi
      rm -f "$build/$out/.gitignore"
      # A class's `[Symbol.dispose]()` is declared only with TypeScript's `esnext.disposable`
      # lib, which the package does not ask of its users (its fixtures compile with
      # es2022): the method stays at run time, and `free()` is declared.
      sed -i '/^ *\[Symbol\.dispose\](): void;$/d' "$build/$out/storefront_core.d.ts"
      # The CoreError class and its guard (wasm-bindings/npm/core-error.mjs), exported
      # beside the rules.
      if [ "$target" = nodejs ]; then
        # One assignment per name: Node's ES-module import of CommonJS finds only these.
        printf '\nexports.CoreError = require("../core-error.cjs").CoreError;\nexports.isCoreError = require("../core-error.cjs").isCoreError;\n' >> "$build/$out/storefront_core.js"
      else
        printf '\nexport { CoreError, isCoreError } from "../core-error.mjs";\n' >> "$build/$out/storefront_core.js"
      fi
    done
    rm -f "$build/unoptimised.wasm"
    # What pkg/ compares to know whether it holds this build.
    echo "{{profile}} $(cat "$build"/*/storefront_core_bg.wasm | sha1sum | cut -d' ' -f1)" > "$build/.built"

# While ./dev installs the tools on a fresh machine (most of its set-up), the builds
# that need none of them start: the server (release for `run`, the test build for
# `test`), the longest chain of all, at the installs' priority; niced beside them, the
# cargo part of the whole WASM core's build (wasm-pack runs the same command, in
# wasm-bindings/, and finds it done) and the core's type exporter. A recipe that needs
# one waits on cargo's lock, then finds it built. Output goes to target/warm.log; a
# failure here is shown again by the recipe itself.
[private]
warm kind:
    #!/usr/bin/env bash
    set -uo pipefail
    mkdir -p target
    exec > target/warm.log 2>&1
    root="{{justfile_directory()}}"
    (cd wasm-bindings && CARGO_TARGET_DIR="$root/target/wasm" CARGO_BUILD_TARGET=wasm32-unknown-unknown \
      nice -n 10 cargo build --quiet --lib --profile wasm-release) &
    CARGO_TARGET_DIR=target/gen nice -n 10 cargo build --quiet -p storefront-core --features ts \
      --example export-typescript --example export-data &
    case "{{kind}}" in
      run) cargo build --release --quiet -p static-host ;;
      test) {{linted}} cargo test --workspace --no-run --quiet ;;
    esac
    wait

# One native debug build of the core in its own target dir (target/gen), so it
# neither waits for nor invalidates the server's builds.
# The core's TypeScript declarations (pkg/types.d.ts) and data (pkg/data: message texts, layout tables).
pkg-gen:
    @scripts/fresh "core types and data" --in core/src --in core/examples --in core/Cargo.toml \
      --in Cargo.toml --in Cargo.lock --key "$(rustc -V)" --out pkg/types.d.ts --out pkg/data -- \
      bash -c 'export CARGO_TARGET_DIR=target/gen; \
        cargo build --quiet -p storefront-core --features ts --example export-typescript --example export-data && \
        target/gen/debug/examples/export-typescript pkg/types.d.ts && \
        target/gen/debug/examples/export-data pkg/data'

# The OpenAPI document is printed by the static-host build the caller goes on to use:
# release for `run` (built once, then served), debug for the test suites (built with
# the feature set of `cargo test --workspace`, so nothing is compiled twice).
# The types serve the UI's type checks, and ship in pkg/api for the package.
# TypeScript types of the product API, from the OpenAPI document the handlers publish.
api-types profile="release": (server profile)
    #!/usr/bin/env bash
    set -euo pipefail
    ./target/{{profile}}/static-host --print-openapi > target/openapi.json
    scripts/fresh "API types" --in target/openapi.json --in ui/package-lock.json \
      --out ui/src/api/schema.gen.ts --out pkg/api/openapi.json --out pkg/api/schema.d.ts -- \
      bash -c 'openapi-typescript target/openapi.json --output ui/src/api/schema.gen.ts --alphabetize && \
        mkdir -p pkg/api && cp target/openapi.json pkg/api/openapi.json && cp ui/src/api/schema.gen.ts pkg/api/schema.d.ts'

# Release for `run` and `bench-web`; debug with the feature set of
# `cargo test --workspace` (every target), so the test suites compile nothing twice.
# Build the server (PROFILE: release or debug).
server profile="release":
    #!/usr/bin/env bash
    set -euo pipefail
    case "{{profile}}" in
      release) scripts/fresh "server (release)" -- cargo build --release --quiet -p static-host ;;
      debug) scripts/fresh "server (debug, all targets)" -- {{linted}} cargo build --workspace --all-targets --quiet ;;
      *) echo "server: PROFILE is release or debug, not {{profile}}" >&2; exit 2 ;;
    esac

# Everything generated that the UI and its tests compile against.
[parallel]
generated profile="release": pkg (api-types profile)

# Print the release WASM core's size, raw and gzip.
wasm-size: pkg
    @for dir in start cart bundler; do \
      printf '%-8s storefront_core_bg.wasm: %7s bytes raw, %7s bytes gzip -9\n' "$dir" \
        "$(wc -c < pkg/$dir/storefront_core_bg.wasm)" "$(gzip -9c pkg/$dir/storefront_core_bg.wasm | wc -c)"; \
    done

# The WASM boundary's targets (issue 37) from the built package: at most 90 exported
# functions and none taking or giving an API document (these fail); module sizes.
[doc("The WASM boundary's targets: exports, no documents, module sizes.")]
boundary:
    @cd ui && node scripts/boundary.mjs

# Fail if storefront-core's dependency tree holds a wasm or JS crate: the rules must stay
# plain Rust that any client can reuse. All targets and features count.
[doc("Fail if storefront-core depends on a wasm or JS crate.")]
core-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    deps=$(cargo tree -p storefront-core -e normal --all-features --target all --prefix none --format '{p}' | sed 's/ (\*)$//' | sort -u)
    if found=$(grep -E '^(wasm-bindgen|js-sys|web-sys|serde-wasm-bindgen)[a-z0-9-]* v' <<<"$deps"); then
      printf 'storefront-core must not depend on wasm or JS crates, found:\n%s\n' "$found"
      exit 1
    fi
    echo "storefront-core: $(wc -l <<<"$deps") crates, none of them a wasm or JS crate"

# With the WASM modules of PROFILE; page templates into ui/dist/ssr. Rebuilt only when
# the UI's sources or the modules changed; the API types and tests are not inputs (Vite
# strips types: tsc runs in `./dev test`).
# Build the UI for production into ui/dist.
ui profile="release": (pkg profile)
    @scripts/fresh "UI (vite, prerender)" --in ui/src --skip '*.test.ts' --skip '*.test.tsx' --skip '*.gen.ts' \
      --in ui/public --in ui/index.html --in ui/vite.config.ts --in ui/tsconfig.json --in ui/package-lock.json \
      --in ui/scripts/prerender.mjs --in pkg/bundler --in pkg/nodejs --in pkg/start --in pkg/cart --in pkg/data \
      --in pkg/core-error.mjs --in pkg/core-error.cjs --in pkg/package.json \
      --out ui/dist/index.html --out ui/dist/ssr/pages.json -- bash -c 'cd ui && npm run --silent build'

# What `run` serves: the release server, and the UI with the release modules, side by side.
[parallel]
build: (server "release") ui

# Build everything and serve the storefront (UI + embedded API).
run: build
    STOREFRONT_ADDR={{addr}} STOREFRONT_UI_DIR=ui/dist ./target/release/static-host

# A Rust change: `just pkg dev` in another terminal, and Vite reloads the page. With
# `--release`, the release modules (as `run` serves them) instead of the dev ones.
# Develop the UI: Vite's dev server with hot reload, in front of static-host's API.
dev *flags:
    #!/usr/bin/env bash
    set -euo pipefail
    profile=dev
    for flag in {{flags}}; do
      case "$flag" in
        --release) profile=release ;;
        *) echo "dev: unknown flag $flag (the only one is --release)" >&2; exit 2 ;;
      esac
    done
    just pkg "$profile" & modules=$!
    just api-types release
    wait "$modules"
    # The API only: Vite serves the UI (an empty UI folder, so the server says so once).
    mkdir -p target/dev-api-only
    STOREFRONT_ADDR={{addr}} STOREFRONT_UI_DIR=target/dev-api-only ./target/release/static-host & server=$!
    trap 'kill "$server" 2>/dev/null || true' EXIT
    for _ in $(seq 150); do
      curl -sf "http://{{addr}}/api/health" >/dev/null && break
      kill -0 "$server" 2>/dev/null || { echo "dev: static-host exited (see above)" >&2; exit 1; }
      sleep 0.2
    done
    # Vite proxies /api to it (ui/vite.config.ts reads STOREFRONT_ADDR).
    cd ui && STOREFRONT_ADDR={{addr}} npx vite

# Page weight by kind and Lighthouse scores of the landing page, /home, a product and
# /cart against a release static-host on a fresh data dir (figures in docs/performance.md).
[doc("Page weight and Lighthouse scores of /, /home, a product and /cart (release build, fresh data dir).")]
bench-web: build
    #!/usr/bin/env bash
    set -euo pipefail
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
[doc("The packed package installed into Node ESM, CommonJS, Vite and webpack fixture projects.")]
pkg-fixtures:
    cd ui && node scripts/pkg-fixtures.mjs

# The second client, examples/node-shopper (TypeScript for Node: the packed package and
# the HTTP API only), against a fresh static-host: signs in by phone, registers, picks a
# district, searches in Arabic, fills the cart, applies a coupon, checks out with cash
# and lists the order in English and Arabic. The server is STATIC_HOST_BIN, else the
# debug build (built here only when missing).
[doc("The second client (examples/node-shopper) against a fresh static-host.")]
node-shopper:
    if [ -z "${STATIC_HOST_BIN:-}" ] && [ ! -x target/debug/static-host ]; then {{linted}} cargo build --quiet -p static-host; fi
    cd ui && node scripts/node-shopper.mjs

# The package's API reference, from its declarations and their doc comments (TypeDoc),
# into target/pkg-docs/index.html. Any TypeDoc warning fails it.
[doc("The package's API reference (TypeDoc) into target/pkg-docs; warnings fail it.")]
pkg-docs:
    cd wasm-bindings/npm && ../../ui/node_modules/.bin/typedoc --options typedoc.json

# WASM-facing tests in headless Chromium (Debian's chromedriver). The test runner ends
# chromedriver without closing its session, which leaves a 23 MB browser profile per
# test file in the temp dir; they go to one folder here that is removed afterwards.
[doc("WASM-facing tests in headless Chromium (Debian's chromedriver), linted by clippy as they build.")]
wasm-test:
    #!/usr/bin/env bash
    set -euo pipefail
    export TMPDIR="$PWD/target/tmp/wasm-test"
    mkdir -p "$TMPDIR"
    trap 'rm -rf "$TMPDIR"' EXIT
    {{linted}} wasm-pack test --headless --chrome wasm-bindings

# Browser end-to-end tests against static-host on a fresh database.
e2e: ui
    # Same feature set as `cargo test --workspace`, so nothing is rebuilt.
    {{linted}} cargo build --workspace --all-targets --quiet
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
# and FUZZ_SEED change the budget and the seed; FUZZ_DEEP=1 runs the deep budget
# (more than 50,000 cases, a 5-minute stateful phase through the document's links).
# Fuzz the embedded API from its OpenAPI document (schemathesis) on a fresh database.
fuzz-api:
    # Same feature set as `cargo test --workspace`, so nothing is rebuilt.
    {{linted}} cargo build --workspace --all-targets --quiet
    python3 static-host/contract-fuzz/run.py --max-examples "${FUZZ_EXAMPLES:-50}" --seed "${FUZZ_SEED:-20251124}"

# Locust's shoppers against the release server on a fresh data directory, with a kill -9,
# a stalled payment gateway and a crossed disk floor once each, and `check-db` after each
# fault and at the end; fails on any failed step and on a missed target (see README,
# "The soak"). SOAK_MINUTES (10) and SOAK_USERS (200) change its length and crowd.
# A shoppers' soak with faults (Locust), ledgers checked.
soak: (server "release")
    python3 static-host/soak/run.py --bin target/release/static-host --targets

# The soak of `./dev test`: one minute, 20 shoppers, the kill -9 fault and `check-db`, on
# the debug server the Rust suites built (no latency targets: the machine is shared).
[private]
soak-short:
    {{linted}} cargo build --workspace --all-targets --quiet
    python3 static-host/soak/run.py --bin target/debug/static-host --minutes 1 --users 20 --faults kill

# Format Rust and fix lint where it can be fixed automatically.
fix:
    cargo fmt --all
    cd ui && npx eslint --fix .

# With cargo-nextest (on this project's machines; config in .config/nextest.toml) each
# test runs in a process of its own and the test binaries side by side; then the doc
# tests, which nextest does not run. Without it, `cargo test`.
# The Rust tests of every crate.
rust-test *args:
    #!/usr/bin/env bash
    set -euo pipefail
    if cargo nextest --version >/dev/null 2>&1; then
      {{linted}} cargo nextest run --workspace {{args}}
      {{linted}} cargo test --workspace --doc --quiet
    else
      echo "cargo-nextest is not installed: running cargo test" >&2
      {{linted}} cargo test --workspace {{args}}
    fi

# Suites that need no build of another run side by side with those that do, in lanes:
# the WASM modules and the UI build (their own target dirs) beside the Rust suites, and
# the TypeScript suites beside the API fuzzing and the package's suites. A lane's output
# is printed whole when it is collected; each suite says how long it took, and the
# summary lists them.
# Every test suite; prints each suite's summary and fails if any failed.
test:
    #!/usr/bin/env bash
    set -uo pipefail
    logs=target/test-logs
    rm -rf "$logs" && mkdir -p "$logs"
    failed=() times=()
    started=$SECONDS
    report() { # name status seconds
      times+=("$(printf '%6d s  %s' "$3" "$1")")
      if [ "$2" = 0 ]; then printf '\033[32m✔ %s\033[0m  %d s\n' "$1" "$3"
      else printf '\033[31m✘ %s\033[0m  %d s\n' "$1" "$3"; failed+=("$1"); fi
    }
    suite() { # name command...: in the foreground
      local name=$1 t0=$SECONDS; shift
      printf '\n\033[1m━━ %s\033[0m\n' "$name"
      "$@"; report "$name" $? $((SECONDS - t0))
    }
    lane() { # id, then name command pairs: in the background, one after the other
      local id=$1; shift
      ( i=0
        while [ $# -gt 0 ]; do
          i=$((i + 1)); t0=$SECONDS
          printf '%s\n' "$1" > "$logs/$id.$i.name"
          bash -c "$2" > "$logs/$id.$i.log" 2>&1
          echo "$? $((SECONDS - t0))" > "$logs/$id.$i.status"
          shift 2
        done ) &
      eval "lane_$id=$!"
    }
    collect() { # id
      local pid; eval "pid=\$lane_$1"; wait "$pid"
      for name in "$logs/$1".*.name; do
        local base=${name%.name} status took
        printf '\n\033[1m━━ %s\033[0m (ran beside the suites above)\n' "$(cat "$name")"
        cat "$base.log"
        read -r status took < "$base.status"
        report "$(cat "$name")" "$status" "$took"
      done
    }
    lane build \
      "build pkg/ and the UI"    "just ui" \
      "clippy (wasm32) and the WASM tests (chromium)" "CARGO_TARGET_DIR=$PWD/target/wasm just wasm-test"
    suite "rustfmt"                     cargo fmt --all --check
    suite "clippy (native) and the test build" {{linted}} cargo test --workspace --no-run --quiet
    suite "core has no wasm/JS deps"    just core-deps
    suite "Rust tests"                  just rust-test
    collect build
    lane typescript \
      "API types"                    "just api-types debug" \
      "tsc"                          "cd ui && npm run --silent typecheck" \
      "eslint"                       "cd ui && npm run --silent lint" \
      "jest"                         "cd ui && npx jest --ci"
    suite "API fuzzing (schemathesis)"  just fuzz-api
    suite "soak (1 min, 20 shoppers, kill -9)" just soak-short
    suite "package fixtures"            just pkg-fixtures
    suite "the WASM boundary's targets" just boundary
    suite "package reference (TypeDoc)" just pkg-docs
    suite "second client (node-shopper)" just node-shopper
    collect typescript
    suite "e2e (chromium)"              just e2e
    echo
    printf '%s\n' "${times[@]}"
    printf '%6d s  in all\n' $((SECONDS - started))
    if [ ${#failed[@]} -gt 0 ]; then
      printf '\033[31mFAILED: %s\033[0m\n' "${failed[*]}"; exit 1
    fi
    printf '\033[32mAll suites passed.\033[0m\n'
