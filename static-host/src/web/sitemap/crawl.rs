//! The sitemap's list when the pages come from an external API, which this server has
//! no database of: a walk through the API's public lists (spec 7: the static pages, the
//! services, and per service its category tree, its shops and its products, every page
//! of each by `meta.last_page`), giving the same list, in the same order, as the
//! embedded API's tables (see [`super::paths_in`]).
//!
//! The walk is kept [`KEPT_FOR`] and redone in the background after that, the old list
//! still served meanwhile. It is all or nothing: a walk that fails half-way publishes
//! nothing (a partial sitemap would tell crawlers the rest of the catalogue is gone);
//! the old list stays, and a next walk is tried after [`RETRY_AFTER`]. The first walk
//! is waited for [`FIRST_WAIT`] at most; until it ends the sitemap answers 503 with
//! `Retry-After`.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use storefront_core::locale::Language;
use tokio::sync::watch;

use super::super::source::{CallContext, External};

/// How long a walk's list is served before the next walk.
pub const KEPT_FOR: Duration = Duration::from_secs(60 * 60);
/// How long after a failed walk the next is tried.
pub const RETRY_AFTER: Duration = Duration::from_secs(60);
/// How long a sitemap request waits for the first walk.
pub const FIRST_WAIT: Duration = Duration::from_secs(20);
/// Items asked per page: the API's largest page (spec 7 lists take `limit` up to 100).
const PAGE_LIMIT: u32 = 100;
/// A category tree is asked whole (spec 7: limit 1000 for trees).
const TREE_LIMIT: u32 = 1000;
/// Most calls one walk makes: 100,000 pages of 100 items, far beyond any catalogue; an
/// API whose `last_page` never ends stops here instead of walking forever.
const MAX_CALLS: u32 = 100_000;

/// The walked list, shared by every sitemap request.
pub struct Crawled {
    api: Arc<External>,
    state: Arc<Mutex<State>>,
}

#[derive(Default)]
struct State {
    list: Option<(Instant, Arc<Vec<String>>)>,
    failed_at: Option<Instant>,
    /// Set while a walk runs; turns `true` when it ends.
    walking: Option<watch::Receiver<bool>>,
}

impl Crawled {
    pub fn new(api: Arc<External>) -> Self {
        Crawled {
            api,
            state: Arc::default(),
        }
    }

    /// The list of page paths; `None` while there is none yet (the first walk is still
    /// running, or failed).
    pub async fn paths(&self) -> Option<Arc<Vec<String>>> {
        let mut ended = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            let fresh = state
                .list
                .as_ref()
                .is_some_and(|(at, _)| now.duration_since(*at) < KEPT_FOR);
            let resting = state
                .failed_at
                .is_some_and(|at| now.duration_since(at) < RETRY_AFTER);
            if !fresh && !resting && state.walking.is_none() {
                state.walking = Some(self.start_walk());
            }
            if let Some((_, list)) = &state.list {
                return Some(list.clone());
            }
            state.walking.clone()?
        };
        let _ = tokio::time::timeout(FIRST_WAIT, ended.wait_for(|done| *done)).await;
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.list.as_ref().map(|(_, list)| list.clone())
    }

    fn start_walk(&self) -> watch::Receiver<bool> {
        let (done, ended) = watch::channel(false);
        let (api, state) = (self.api.clone(), self.state.clone());
        tokio::spawn(async move {
            let started = Instant::now();
            let walked = walk(&api).await;
            let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
            match walked {
                Ok(paths) => {
                    tracing::info!(
                        pages = paths.len(),
                        ms = started.elapsed().as_millis() as u64,
                        "sitemap: listed the external API's catalogue"
                    );
                    state.list = Some((Instant::now(), Arc::new(paths)));
                    state.failed_at = None;
                }
                Err(path) => {
                    tracing::warn!(
                        path,
                        "sitemap: the external API's catalogue could not be listed; kept the last list"
                    );
                    state.failed_at = Some(Instant::now());
                }
            }
            state.walking = None;
            let _ = done.send(true);
        });
        ended
    }
}

/// The catalogue's pages, as [`super::paths_in`] lists the embedded one; `Err(the call
/// that failed)`.
async fn walk(api: &External) -> Result<Vec<String>, String> {
    let mut walker = Walker { api, calls: 0 };
    let mut pages = BTreeSet::new();
    let (mut categories, mut shops, mut products) =
        (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for page in walker.all("/static-pages?").await? {
        pages.extend(id_of(&page));
    }
    for service in walker.all("/services?").await? {
        let Some(service) = id_of(&service) else {
            continue;
        };
        let tree = walker
            .all(&format!(
                "/categories?service_id={service}&is_tree=1&limit={TREE_LIMIT}&"
            ))
            .await?;
        collect_tree(&tree, &mut categories);
        for shop in walker
            .all(&format!(
                "/branches?service_id={service}&limit={PAGE_LIMIT}&"
            ))
            .await?
        {
            shops.extend(id_of(&shop));
        }
        for product in walker
            .all(&format!(
                "/products?service_id={service}&limit={PAGE_LIMIT}&"
            ))
            .await?
        {
            products.extend(id_of(&product));
        }
    }
    let mut paths: Vec<String> = super::FIXED.iter().map(|p| (*p).to_owned()).collect();
    for (ids, (_, route)) in [pages, categories, shops, products]
        .into_iter()
        .zip(super::SECTIONS)
    {
        paths.extend(ids.into_iter().map(|id| format!("{route}{id}")));
    }
    Ok(paths)
}

struct Walker<'a> {
    api: &'a External,
    calls: u32,
}

impl Walker<'_> {
    /// Every item of a list, page after page. `query` is the path and query ready for
    /// `page=` to be appended.
    async fn all(&mut self, query: &str) -> Result<Vec<Value>, String> {
        let mut items = Vec::new();
        let mut page = 1;
        loop {
            let path = format!("{query}page={page}");
            self.calls += 1;
            if self.calls > MAX_CALLS {
                return Err(path);
            }
            // Names do not matter here, ids do: one language, no district (every shop).
            let call = CallContext {
                language: Language::En,
                district_id: None,
            };
            let Some(document) = self.api.document(&path, call).await else {
                return Err(path);
            };
            let Some(Value::Array(data)) = document.get("data") else {
                return Err(path);
            };
            items.extend(data.iter().cloned());
            let last = document
                .pointer("/meta/last_page")
                .and_then(Value::as_u64)
                .unwrap_or(1);
            if page >= last || data.is_empty() {
                return Ok(items);
            }
            page += 1;
        }
    }
}

fn id_of(item: &Value) -> Option<i64> {
    item.get("id").and_then(Value::as_i64)
}

/// The ids of a category tree: each item and its `children`, at any depth.
fn collect_tree(items: &[Value], into: &mut BTreeSet<i64>) {
    for item in items {
        into.extend(id_of(item));
        if let Some(Value::Array(children)) = item.get("children") {
            collect_tree(children, into);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_tree_gives_every_category_at_any_depth() {
        let tree = json!([
            {"id": 4, "children": [{"id": 9, "children": [{"id": 12}]}, {"id": 5}]},
            {"id": 2, "children": []}
        ]);
        let mut ids = BTreeSet::new();
        collect_tree(tree.as_array().unwrap(), &mut ids);
        assert_eq!(ids.into_iter().collect::<Vec<_>>(), [2, 4, 5, 9, 12]);
    }
}
