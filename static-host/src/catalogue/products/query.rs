//! The products' SQL: the listing page and its total and price bounds, a search's
//! ranking and relaxing, the other shops' offers, suggestions and the product page.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use storefront_core::locale::Language;

use super::body::{
    MAX_OTHER_SHOPS, ProductBranch, ProductDetail, ProductItem, ProductMeta, ProductPage,
    ShopOffer, stock_status,
};
use super::filters::{Filters, Holding, ProductSort, check_in_service};
use crate::catalogue::check_service;
use crate::catalogue::search::{Fields, Index, Relaxation, SearchFilter, TextSearch};
use crate::db::sql::Sql;
use crate::http::envelope::PageRequest;
use crate::http::error::{ApiError, not_found};
use crate::http::search_text::SUGGESTIONS;
use crate::i18n::columns::{IdName, pick};
use crate::location::delivery::{self, delivering_branches};
use crate::money::{CURRENCY, amount, old_amount};
use crate::reviews::{self, average};

/// The listing's columns, with the shop and brand names and the favourite flag
/// (`{user}` is the marker of the customer id); a query's own columns follow them, from
/// [`LISTING_COLUMNS`] on.
pub(super) fn listing_columns(user: &str) -> String {
    format!(
        "p.id, p.name_en, p.name_ar, p.image, p.price_minor, p.old_price_minor, p.stock, p.preorder,
         p.min_qty, p.max_qty, p.rating, p.branch_id, b.name_en, b.name_ar, p.category_id,
         p.brand_id, br.name_en, br.name_ar,
         EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = {user} AND f.kind = 'product' AND f.item_id = p.id),
         p.rating_count, p.rating_average_tenths, p.size_en, p.size_ar"
    )
}

/// How many columns [`listing_columns`] has.
pub(super) const LISTING_COLUMNS: usize = 23;

pub(super) const LISTING_FROM: &str = "FROM products p JOIN branches b ON b.id = p.branch_id LEFT JOIN brands br ON br.id = p.brand_id";

/// SQL of the items matching `search` in `fields` whose products pass `condition`
/// (on `p`, the filters but the search), best first: `doc, id, ord` of each, `doc` the
/// item's search document, `id` its most popular product passing the filters (then
/// the cheapest), `ord` the rank (order by it as `top.ord`).
///
/// Documents are ranked (each distinct text scored once) and each keeps the
/// popularity of its best product, read from the `products_by_search_doc` index (one
/// seek per document, no product rows); only the page's items get their product.
/// `condition` is used three times with the same parameters. Values enter as
/// parameters of `sql`.
pub(super) fn ranked_items(
    search: &TextSearch,
    fields: Fields,
    condition: &str,
    limit: &str,
    offset: &str,
    sql: &mut Sql,
) -> String {
    let m = sql.arg(search.match_expression(Index::Products, fields));
    let ranking = search.ranking(Index::Products, fields, sql);
    // The item name's length in the query's language (fixed column names).
    let words = format!("words_{}", search.language());
    format!(
        "WITH d AS (SELECT rowid AS doc, {tier} AS tier, {category} AS category, {form} AS form,
                          {starts} AS starts,
                          (SELECT {words} FROM product_search_docs WHERE id = product_search.rowid) AS words,
                          {typed} AS typed
                   FROM product_search WHERE product_search MATCH {m}),
              g AS (SELECT d.doc, d.tier, d.category, d.form, d.starts, d.words, d.typed,
                          (SELECT p.popularity FROM products p WHERE p.search_doc = d.doc AND {condition}
                           ORDER BY p.popularity DESC LIMIT 1) AS popularity
                   FROM d),
              page AS MATERIALIZED (
                   SELECT doc, tier, category, form, starts, words, typed, popularity FROM g
                   WHERE popularity IS NOT NULL
                   ORDER BY {RANKED_ORDER}
                   LIMIT {limit} OFFSET {offset})
         SELECT page.doc AS doc,
                (SELECT p.id FROM products p WHERE p.search_doc = page.doc AND {condition}
                 ORDER BY p.popularity DESC, p.price_minor, p.id LIMIT 1) AS id,
                row_number() OVER (ORDER BY {RANKED_ORDER}) AS ord
         FROM page",
        tier = ranking.tier,
        category = ranking.category,
        form = ranking.form,
        starts = ranking.starts,
        typed = ranking.typed,
    )
}

/// The order of ranked items (see the search module): how well the name matches, the
/// category, an Arabic relation word as typed, the name's start, how much of the name
/// the query covers (fewer words first), every word as typed, then popularity.
pub(super) const RANKED_ORDER: &str =
    "tier, category, form, starts, words, typed, popularity DESC, doc";

pub(super) fn product_item(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<ProductItem> {
    let price: i64 = r.get(4)?;
    let stock: i64 = r.get(6)?;
    let brand_id: Option<i64> = r.get(15)?;
    let brand = match brand_id {
        Some(id) => Some(IdName {
            id,
            name: pick(lang, r.get(16)?, r.get(17)?),
        }),
        None => None,
    };
    Ok(ProductItem {
        id: r.get(0)?,
        name: pick(lang, r.get(1)?, r.get(2)?),
        image: r.get(3)?,
        price: amount(price),
        old_price: old_amount(price, r.get(5)?),
        currency: CURRENCY.to_owned(),
        stock,
        stock_status: stock_status(stock, r.get(7)?),
        min_qty: r.get(8)?,
        max_qty: r.get(9)?,
        rating: r.get(10)?,
        branch: IdName {
            id: r.get(11)?,
            name: pick(lang, r.get(12)?, r.get(13)?),
        },
        category_id: r.get(14)?,
        brand,
        favorite: u8::from(r.get::<_, bool>(18)?),
        rating_count: r.get(19)?,
        rating_average: r.get::<_, Option<u8>>(20)?.map(average),
        size: match lang {
            Language::En => r.get(21)?,
            Language::Ar => r.get(22)?,
        },
        shops: None,
        other_shops: None,
    })
}

/// A list's total, and its lowest and highest price in minor units.
pub(super) type Counted = (i64, Option<i64>, Option<i64>);

/// How many products match (items, when searching: a search lists each item once),
/// and the price bounds over every filter but the price range.
pub(super) fn total_and_bounds(c: &Connection, filters: &Filters) -> Result<Counted, ApiError> {
    let mut sql = Sql::default();
    let condition = filters.condition(&mut sql, Holding::AllButPrice, false);
    let searching = matches!(filters.search, SearchFilter::Words(_));
    if searching && filters.min_price.is_none() && filters.max_price.is_none() {
        // The same rows for both: one search instead of two. (Without a search, two
        // index reads are cheaper than one pass over the matching products.) Items
        // are counted as groups of the `products_by_search_doc` entries, which come
        // in document order: `count(DISTINCT …)` kept a temporary index of them.
        return Ok(c
            .prepare_cached(&format!(
                "SELECT count(*), min(low), max(high)
                 FROM (SELECT min(p.price_minor) AS low, max(p.price_minor) AS high
                       FROM products p WHERE {condition} GROUP BY p.search_doc)"
            ))?
            .query_row(sql.params(), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?);
    }
    // Two scalar subqueries, not min() and max() in one: each alone can read its end
    // of the (service, price) index instead of every product of the service.
    let (low, high) = c
        .prepare_cached(&format!(
            "SELECT (SELECT min(p.price_minor) FROM products p WHERE {condition}),
                    (SELECT max(p.price_minor) FROM products p WHERE {condition})"
        ))?
        .query_row(sql.params(), |r| Ok((r.get(0)?, r.get(1)?)))?;
    let unfiltered = Filters {
        service_id: filters.service_id,
        district: filters.district,
        ..Filters::default()
    };
    let total = if *filters == unfiltered {
        // Kept by triggers (migrations 0007 and 0008): no pass over the products.
        match filters.district {
            None => c.query_row(
                "SELECT coalesce((SELECT products FROM service_product_counts WHERE service_id = ?1), 0)",
                [filters.service_id],
                |r| r.get(0),
            )?,
            Some(district) => c.query_row(
                &format!(
                    "SELECT coalesce(sum(products), 0) FROM branch_product_counts
                     WHERE service_id = ?1 AND branch_id IN ({})",
                    delivering_branches("?2")
                ),
                params![filters.service_id, district],
                |r| r.get(0),
            )?,
        }
    } else {
        let mut sql = Sql::default();
        let condition = filters.condition(&mut sql, Holding::All, false);
        let counted = if searching {
            "DISTINCT p.search_doc"
        } else {
            "*"
        };
        c.prepare_cached(&format!(
            "SELECT count({counted}) FROM products p WHERE {condition}"
        ))?
        .query_row(sql.params(), |r| r.get(0))?
    };
    Ok((total, low, high))
}

pub(super) fn listing(
    c: &Connection,
    filters: &Filters,
    sort: Option<ProductSort>,
    paging: PageRequest,
    user_id: Option<i64>,
    lang: Language,
) -> Result<ProductPage, ApiError> {
    check_service(c, filters.service_id, lang)?;
    check_in_service(
        c,
        "categories",
        "category_id",
        filters.category_id,
        filters.service_id,
        lang,
    )?;
    check_in_service(
        c,
        "branches",
        "branch_id",
        filters.branch_id,
        filters.service_id,
        lang,
    )?;
    check_in_service(
        c,
        "brands",
        "brand_id",
        filters.brand_id,
        filters.service_id,
        lang,
    )?;

    let (filters, (total, low, high)) = settle_search(c, filters)?;
    let searching = matches!(filters.search, SearchFilter::Words(_));

    let mut sql = Sql::default();
    let user = sql.arg(user_id);
    let limit = sql.arg(i64::from(paging.limit));
    let offset = sql.arg(paging.offset());
    let text = match (&filters.search, sort) {
        // Best match first: the page's items come ranked, then their rows are read.
        (SearchFilter::Words(search), None) => {
            let condition = filters.condition(&mut sql, Holding::AllButSearch, true);
            let ranked = ranked_items(
                search,
                Fields::NamesAndDescriptions,
                &condition,
                &limit,
                &offset,
                &mut sql,
            );
            format!(
                "SELECT {}, p.search_doc FROM ({ranked}) top JOIN products p ON p.id = top.id
                 JOIN branches b ON b.id = p.branch_id LEFT JOIN brands br ON br.id = p.brand_id
                 ORDER BY top.ord",
                listing_columns(&user)
            )
        }
        // A sorted search: each item once, as its first product in that order. Each
        // matching document picks its product from the `products_by_search_doc` index
        // (a few dozen products each; `INDEXED BY`, or SQLite walks the order's index
        // over the whole service for every document), rather than one sort of every
        // matching product (23,000 for 'fresh' at 100,000 products).
        (SearchFilter::Words(search), Some(sort)) => {
            let m = sql.arg(search.match_expression(Index::Products, Fields::NamesAndDescriptions));
            let condition = filters.condition(&mut sql, Holding::AllButSearch, false);
            let order = sort.order_by(lang);
            format!(
                "SELECT {}, p.search_doc {LISTING_FROM}
                 WHERE p.id IN (
                     SELECT (SELECT p.id FROM products p INDEXED BY products_by_search_doc
                             WHERE p.search_doc = d.doc AND {condition}
                             ORDER BY {order} LIMIT 1)
                     FROM (SELECT rowid AS doc FROM product_search WHERE product_search MATCH {m}) d)
                 ORDER BY {order} LIMIT {limit} OFFSET {offset}",
                listing_columns(&user),
            )
        }
        (_, sort) => {
            let condition = filters.condition(&mut sql, Holding::All, true);
            format!(
                "SELECT {}, p.search_doc {LISTING_FROM} WHERE {condition} ORDER BY {} LIMIT {limit} OFFSET {offset}",
                listing_columns(&user),
                sort.unwrap_or_default().order_by(lang),
            )
        }
    };
    // Cached: the text holds only the filters' shape (values are parameters), and a
    // ranked search's statement takes longer to compile than to run.
    let mut stmt = c.prepare_cached(&text)?;
    let mut rows = stmt
        .query_map(sql.params(), |r| {
            Ok((
                product_item(r, lang)?,
                r.get::<_, Option<i64>>(LISTING_COLUMNS)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    if searching {
        add_other_shops(c, &filters, &mut rows, lang)?;
    }
    let approximate = match &filters.search {
        SearchFilter::Words(search) => search.relaxation() == Relaxation::Typos,
        _ => false,
    };
    Ok(ProductPage {
        data: rows.into_iter().map(|(item, _)| item).collect(),
        meta: ProductMeta {
            page: paging.meta(u64::try_from(total).unwrap_or(0)),
            price_min: low.map(amount),
            price_max: high.map(amount),
            approximate,
        },
    })
}

/// The total and bounds of `filters`, relaxing a search that finds nothing as typed
/// (see [`TextSearch::broader`] and [`TextSearch::with_typos`]): the filters that
/// were searched, with their total and bounds.
pub(super) fn settle_search(
    c: &Connection,
    filters: &Filters,
) -> Result<(Filters, Counted), ApiError> {
    let counted = total_and_bounds(c, filters)?;
    let SearchFilter::Words(search) = &filters.search else {
        return Ok((filters.clone(), counted));
    };
    if counted.0 > 0 {
        return Ok((filters.clone(), counted));
    }
    let mut relaxed = Filters {
        search: SearchFilter::Words(search.broader()),
        ..filters.clone()
    };
    let counted = total_and_bounds(c, &relaxed)?;
    if counted.0 > 0 || !search.typo_tolerant() {
        return Ok((relaxed, counted));
    }
    let mut stmt = c.prepare_cached("SELECT term FROM product_search_terms")?;
    let terms = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    let vocabulary: Vec<&str> = terms.iter().map(String::as_str).collect();
    let Some(typos) = search.with_typos(&vocabulary) else {
        return Ok((relaxed, counted));
    };
    relaxed.search = SearchFilter::Words(typos);
    let counted = total_and_bounds(c, &relaxed)?;
    Ok((relaxed, counted))
}

/// Fills `shops` and `other_shops` of a search's page of items (each with its search
/// document): every shop's cheapest product of the item under the same filters
/// (cheapest first, then by id).
///
/// The page's products are read as `products_by_search_doc` entries (document, shop,
/// price, id: no product rows for the service, district or category) and each shop's
/// cheapest is picked here: a window function picking it in SQL sorted every entry
/// through temporary tables, the largest part of a results search's CPU. Rows are then
/// read for the offers shown only, at most [`MAX_OTHER_SHOPS`] + 1 per item (the
/// item's own shop may be one of them). The documents travel as one JSON array, so
/// each statement's text is the same whatever the page's length and stays cached.
pub(super) fn add_other_shops(
    c: &Connection,
    filters: &Filters,
    items: &mut [(ProductItem, Option<i64>)],
    lang: Language,
) -> Result<(), ApiError> {
    if items.is_empty() {
        return Ok(());
    }
    let docs = items
        .iter()
        .map(|(_, doc)| doc.unwrap_or_default().to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut sql = Sql::default();
    let list = sql.arg(format!("[{docs}]"));
    let condition = filters.condition(&mut sql, Holding::AllButSearch, true);
    // (document, shop) → its cheapest product as (price, id).
    let mut cheapest: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
    {
        let mut stmt = c.prepare_cached(&format!(
            "SELECT p.search_doc, p.branch_id, p.price_minor, p.id FROM products p
             WHERE p.search_doc IN (SELECT value FROM json_each({list})) AND {condition}"
        ))?;
        let mut rows = stmt.query(sql.params())?;
        while let Some(r) = rows.next()? {
            let offer = (r.get(2)?, r.get(3)?);
            cheapest
                .entry((r.get(0)?, r.get(1)?))
                .and_modify(|best| *best = (*best).min(offer))
                .or_insert(offer);
        }
    }
    // Each document's shops' offers, cheapest first.
    let mut by_doc: HashMap<i64, Vec<(i64, i64)>> = HashMap::new();
    for ((doc, _), offer) in cheapest {
        by_doc.entry(doc).or_default().push(offer);
    }
    for offers in by_doc.values_mut() {
        offers.sort_unstable();
    }
    let shown = by_doc
        .values()
        .flat_map(|offers| offers.iter().take(MAX_OTHER_SHOPS + 1))
        .map(|(_, id)| id.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut stmt = c.prepare_cached(
        "SELECT p.id, p.branch_id, b.name_en, b.name_ar, p.price_minor, p.old_price_minor,
                p.stock, p.preorder
         FROM products p JOIN branches b ON b.id = p.branch_id
         WHERE p.id IN (SELECT value FROM json_each(?1))",
    )?;
    let offers = stmt
        .query_map([format!("[{shown}]")], |r| {
            let price: i64 = r.get(4)?;
            let stock: i64 = r.get(6)?;
            Ok((
                r.get::<_, i64>(0)?,
                ShopOffer {
                    id: r.get(0)?,
                    branch: IdName {
                        id: r.get(1)?,
                        name: pick(lang, r.get(2)?, r.get(3)?),
                    },
                    price: amount(price),
                    old_price: old_amount(price, r.get(5)?),
                    currency: CURRENCY.to_owned(),
                    stock_status: stock_status(stock, r.get(7)?),
                },
            ))
        })?
        .collect::<Result<HashMap<_, _>, _>>()?;
    for (item, doc) in items.iter_mut() {
        let of_item = doc.and_then(|doc| by_doc.get(&doc));
        item.shops = Some(of_item.map_or(0, Vec::len).max(1) as i64);
        item.other_shops = Some(
            of_item
                .into_iter()
                .flatten()
                .filter_map(|(_, id)| offers.get(id))
                .filter(|offer| offer.branch.id != item.branch.id)
                .take(MAX_OTHER_SHOPS)
                .cloned()
                .collect(),
        );
    }
    Ok(())
}

pub(super) fn suggestions(
    c: &Connection,
    service_id: i64,
    district: Option<i64>,
    text: &str,
    lang: Language,
) -> Result<Vec<IdName>, ApiError> {
    check_service(c, service_id, lang)?;
    let Some(search) = TextSearch::new(text) else {
        return Ok(Vec::new());
    };
    let mut sql = Sql::default();
    let mut condition = format!("p.service_id = {}", sql.arg(service_id));
    if let Some(district) = district {
        // `+`: a document's products are read from its index, not from the shops'.
        condition.push_str(&format!(
            " AND +p.branch_id IN ({})",
            delivering_branches(&sql.arg(district))
        ));
    }
    let limit = sql.arg(SUGGESTIONS);
    let ranked = ranked_items(&search, Fields::Names, &condition, &limit, "0", &mut sql);
    let mut stmt = c.prepare_cached(&format!(
        "SELECT p.id, p.name_en, p.name_ar FROM ({ranked}) top JOIN products p ON p.id = top.id
         ORDER BY top.ord"
    ))?;
    let rows = stmt.query_map(sql.params(), |r| IdName::from_row(r, lang))?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

pub(super) fn product_detail(
    c: &Connection,
    id: i64,
    user_id: Option<i64>,
    district: Option<i64>,
    lang: Language,
) -> Result<ProductDetail, ApiError> {
    let text = format!(
        "SELECT {}, p.description_en, p.description_ar, b.logo, b.closed, b.delivery_minutes,
                b.minimum_minor, b.free_delivery, c.name_en, c.name_ar
         {LISTING_FROM} JOIN categories c ON c.id = p.category_id
         WHERE p.id = ?2",
        listing_columns("?1"),
    );
    let row = c
        .query_row(&text, params![user_id, id], |r| {
            let item = product_item(r, lang)?;
            let at = |i: usize| LISTING_COLUMNS + i;
            let description = pick(lang, r.get(at(0))?, r.get(at(1))?);
            let branch = ProductBranch {
                id: item.branch.id,
                name: item.branch.name.clone(),
                logo: r.get(at(2))?,
                closed: r.get(at(3))?,
                minutes: r.get(at(4))?,
                minimum: amount(r.get(at(5))?),
                free_delivery: r.get(at(6))?,
            };
            let category = IdName {
                id: item.category_id,
                name: pick(lang, r.get(at(7))?, r.get(at(8))?),
            };
            Ok((item, description, branch, category))
        })
        .optional()?;
    let (item, description, branch, category) = row.ok_or_else(|| not_found(lang))?;
    let delivers = delivery::delivers_to(c, branch.id, district)?;
    let review_summary = reviews::product_rating(c, id)?;
    let mine = match user_id {
        Some(user_id) => Some(reviews::customer_state(c, user_id, id)?),
        None => None,
    };
    Ok(ProductDetail {
        id: item.id,
        name: item.name,
        size: item.size,
        description,
        images: vec![item.image.clone()],
        image: item.image,
        price: item.price,
        old_price: item.old_price,
        currency: item.currency,
        favorite: item.favorite,
        stock: item.stock,
        stock_status: item.stock_status,
        min_qty: item.min_qty,
        max_qty: item.max_qty,
        rating: item.rating,
        rating_average: item.rating_average,
        rating_count: item.rating_count,
        review_summary,
        review_action: mine.map(|state| state.action),
        my_review_id: mine.and_then(|state| state.my_review_id),
        branch,
        category_id: item.category_id,
        category,
        brand: item.brand,
        delivers,
    })
}
