//! `GET /categories` (a service's tree, a service's top level, or a category's
//! children), `GET /categories/{id}` and `GET /branch-categories`.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue::{check_service, required_service};
use crate::http::envelope::{Data, MAX_PAGE, Meta, Page, PageRequest, Paging};
use crate::http::error::{
    ApiError, ErrorBody, ValidationErrorBody, invalid, not_found, out_of_range,
};
use crate::http::extract::{Id, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::columns::{IdName, pick};

/// Largest `limit` for a category tree (spec 9), and its default.
pub const TREE_LIMIT: u32 = 1000;

/// Deepest nesting returned in a tree; deeper levels (or a cycle in bad data) are
/// cut off rather than followed forever.
const MAX_DEPTH: usize = 8;

/// A category.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CategoryItem {
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// Image path.
    pub icon: String,
    /// Null for a top-level category.
    pub parent_id: Option<i64>,
    /// Subcategories; only in tree mode (`is_tree=1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<CategoryItem>>,
}

/// A featured top-level category, linked from the categories menu.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FeaturedCategory {
    pub id: i64,
    pub name: String,
    pub icon: String,
}

/// Pagination plus the service's featured categories.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryMeta {
    #[serde(flatten)]
    pub page: Meta,
    pub featured: Vec<FeaturedCategory>,
}

/// A page of categories.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryPage {
    pub data: Vec<CategoryItem>,
    pub meta: CategoryMeta,
}

/// A category with its parent and subcategories.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryDetail {
    pub id: i64,
    pub name: String,
    pub icon: String,
    pub service_id: i64,
    /// Null for a top-level category.
    pub parent: Option<IdName>,
    /// Direct subcategories, in display order (without `children`).
    pub children: Vec<CategoryItem>,
}

/// A kind of shop (e.g. bakeries).
#[derive(Debug, Serialize, ToSchema)]
pub struct BranchCategoryItem {
    pub id: i64,
    pub name: String,
    pub icon: String,
}

/// Query of `GET /categories`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoriesQuery {
    /// The service: its top-level categories, or its whole tree with `is_tree=1`.
    /// Required unless `parent_id` is sent.
    #[param(minimum = 1, example = 1)]
    pub service_id: Option<i64>,
    /// A category: its direct subcategories (takes precedence over `service_id`).
    #[param(minimum = 1, example = 1)]
    pub parent_id: Option<i64>,
    /// `1` (or `true`) for the tree: every item carries `children`. `0`/`false` or
    /// absent for a flat list.
    #[param(pattern = r"^\s*(0|1|true|false)?\s*$")]
    pub is_tree: Option<String>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page: 1 to 100 (default 20); for a tree up to 1000 (default 1000).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<u32>,
}

/// Query of `GET /branch-categories`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BranchCategoriesQuery {
    /// The service (required).
    #[param(required = true, minimum = 1, example = 1)]
    pub service_id: Option<i64>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// A stored category row.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    id: i64,
    parent_id: Option<i64>,
    name: String,
    icon: String,
}

fn is_tree(value: Option<&str>, lang: Language) -> Result<bool, ApiError> {
    match value.map(str::trim) {
        None | Some("") | Some("0") | Some("false") => Ok(false),
        Some("1") | Some("true") => Ok(true),
        Some(_) => Err(invalid("is_tree", lang)),
    }
}

/// Paging for a tree: the usual page range, but `limit` up to [`TREE_LIMIT`].
fn tree_paging(
    page: Option<u32>,
    limit: Option<u32>,
    lang: Language,
) -> Result<PageRequest, ApiError> {
    let page = page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(out_of_range("page", 1, i64::from(MAX_PAGE), lang));
    }
    let limit = limit.unwrap_or(TREE_LIMIT);
    if !(1..=TREE_LIMIT).contains(&limit) {
        return Err(out_of_range("limit", 1, i64::from(TREE_LIMIT), lang));
    }
    Ok(PageRequest { page, limit })
}

/// Nests `rows` under `root` (None: the top level), keeping their order. Levels
/// deeper than [`MAX_DEPTH`] are dropped, so a cycle in the data cannot loop.
fn build_tree(rows: &[Row], root: Option<i64>) -> Vec<CategoryItem> {
    let mut by_parent: HashMap<Option<i64>, Vec<&Row>> = HashMap::new();
    for row in rows {
        by_parent.entry(row.parent_id).or_default().push(row);
    }
    fn level(
        by_parent: &HashMap<Option<i64>, Vec<&Row>>,
        parent: Option<i64>,
        depth: usize,
    ) -> Vec<CategoryItem> {
        let Some(rows) = by_parent.get(&parent) else {
            return Vec::new();
        };
        rows.iter()
            .map(|row| CategoryItem {
                id: row.id,
                name: row.name.clone(),
                icon: row.icon.clone(),
                parent_id: row.parent_id,
                children: Some(if depth + 1 < MAX_DEPTH {
                    level(by_parent, Some(row.id), depth + 1)
                } else {
                    Vec::new()
                }),
            })
            .collect()
    }
    level(&by_parent, root, 0)
}

fn service_rows(c: &Connection, service_id: i64, lang: Language) -> Result<Vec<Row>, ApiError> {
    let mut stmt = c.prepare(
        "SELECT id, parent_id, name_en, name_ar, icon FROM categories
         WHERE service_id = ?1 ORDER BY sort, id",
    )?;
    let rows = stmt.query_map([service_id], |r| {
        Ok(Row {
            id: r.get(0)?,
            parent_id: r.get(1)?,
            name: pick(lang, r.get(2)?, r.get(3)?),
            icon: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

fn featured(
    c: &Connection,
    service_id: i64,
    lang: Language,
) -> Result<Vec<FeaturedCategory>, ApiError> {
    let mut stmt = c.prepare(
        "SELECT id, name_en, name_ar, icon FROM categories
         WHERE service_id = ?1 AND parent_id IS NULL AND featured <> 0 ORDER BY sort, id",
    )?;
    let rows = stmt.query_map([service_id], |r| {
        Ok(FeaturedCategory {
            id: r.get(0)?,
            name: pick(lang, r.get(1)?, r.get(2)?),
            icon: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

/// One page of the categories directly under `parent` (None: the service's top
/// level), without children.
fn flat_page(
    c: &Connection,
    service_id: i64,
    parent: Option<i64>,
    paging: PageRequest,
    lang: Language,
) -> Result<(Vec<CategoryItem>, u64), ApiError> {
    let total: i64 = c.query_row(
        "SELECT count(*) FROM categories WHERE service_id = ?1 AND parent_id IS ?2",
        params![service_id, parent],
        |r| r.get(0),
    )?;
    let mut stmt = c.prepare(
        "SELECT id, parent_id, name_en, name_ar, icon FROM categories
         WHERE service_id = ?1 AND parent_id IS ?2 ORDER BY sort, id LIMIT ?3 OFFSET ?4",
    )?;
    let rows = stmt.query_map(
        params![service_id, parent, i64::from(paging.limit), paging.offset()],
        |r| {
            Ok(CategoryItem {
                id: r.get(0)?,
                parent_id: r.get(1)?,
                name: pick(lang, r.get(2)?, r.get(3)?),
                icon: r.get(4)?,
                children: None,
            })
        },
    )?;
    let items = rows.collect::<Result<Vec<_>, _>>()?;
    Ok((items, u64::try_from(total).unwrap_or(0)))
}

/// Categories, in three modes (spec 7):
///
/// - `service_id&is_tree=1&limit` (limit up to 1000): the service's top-level
///   categories, each with nested `children`;
/// - `parent_id&page&limit`: a page of a category's direct subcategories (ask for the
///   next page while `meta.current_page < meta.last_page`);
/// - `service_id&page&limit`: a page of the service's top-level categories.
///
/// `meta.featured` lists the service's featured top-level categories `{id, name,
/// icon}`. Names follow the `Language` header. Neither `service_id` nor `parent_id`
/// is a 422; an unknown service or parent category a 404.
#[utoipa::path(get, path = "/categories", tag = "catalogue",
    params(CategoriesQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = CategoryPage), (status = 404, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_categories(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Query(query): Query<CategoriesQuery>,
) -> Result<Json<CategoryPage>, ApiError> {
    let tree = is_tree(query.is_tree.as_deref(), lang)?;
    if query.parent_id.is_none() {
        required_service(query.service_id, lang)?;
    }
    let paging = if tree {
        tree_paging(query.page, query.limit, lang)?
    } else {
        Paging {
            page: query.page,
            limit: query.limit,
        }
        .checked(lang)?
    };
    let page = state
        .db
        .read(move |c| {
            let (service_id, parent) = match query.parent_id {
                Some(parent_id) => {
                    let service: Option<i64> = c
                        .query_row(
                            "SELECT service_id FROM categories WHERE id = ?1",
                            [parent_id],
                            |r| r.get(0),
                        )
                        .optional()?;
                    // A parent outside the named service is not found there.
                    let service = service
                        .filter(|s| query.service_id.is_none_or(|asked| asked == *s))
                        .ok_or_else(|| not_found(lang))?;
                    (service, Some(parent_id))
                }
                None => {
                    let service_id = required_service(query.service_id, lang)?;
                    check_service(c, service_id, lang)?;
                    (service_id, None)
                }
            };
            let (data, total) = if tree {
                let all = build_tree(&service_rows(c, service_id, lang)?, parent);
                let total = all.len() as u64;
                let start = usize::try_from(paging.offset()).unwrap_or(usize::MAX);
                let data = all
                    .into_iter()
                    .skip(start)
                    .take(paging.limit as usize)
                    .collect();
                (data, total)
            } else {
                flat_page(c, service_id, parent, paging, lang)?
            };
            Ok(CategoryPage {
                data,
                meta: CategoryMeta {
                    page: paging.meta(total),
                    featured: featured(c, service_id, lang)?,
                },
            })
        })
        .await?;
    Ok(Json(page))
}

/// A category with its service, its parent (`{id, name}` or null) and its direct
/// subcategories, names in the request language.
#[utoipa::path(get, path = "/categories/{id}", tag = "catalogue",
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Category id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<CategoryDetail>), (status = 404, body = ErrorBody)))]
pub async fn get_category(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Id(id): Id,
) -> Result<Json<Data<CategoryDetail>>, ApiError> {
    let detail = state
        .db
        .read(move |c| {
            let row = c
                .query_row(
                    "SELECT c.name_en, c.name_ar, c.icon, c.service_id, p.id, p.name_en, p.name_ar
                     FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
                     WHERE c.id = ?1",
                    [id],
                    |r| {
                        let parent_id: Option<i64> = r.get(4)?;
                        let parent = match parent_id {
                            Some(pid) => Some(IdName {
                                id: pid,
                                name: pick(lang, r.get(5)?, r.get(6)?),
                            }),
                            None => None,
                        };
                        Ok((
                            pick(lang, r.get(0)?, r.get(1)?),
                            r.get::<_, String>(2)?,
                            r.get::<_, i64>(3)?,
                            parent,
                        ))
                    },
                )
                .optional()?;
            let (name, icon, service_id, parent) = row.ok_or_else(|| not_found(lang))?;
            let mut stmt = c.prepare(
                "SELECT id, name_en, name_ar, icon FROM categories WHERE parent_id = ?1 ORDER BY sort, id",
            )?;
            let children = stmt
                .query_map([id], |r| {
                    Ok(CategoryItem {
                        id: r.get(0)?,
                        name: pick(lang, r.get(1)?, r.get(2)?),
                        icon: r.get(3)?,
                        parent_id: Some(id),
                        children: None,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(CategoryDetail {
                id,
                name,
                icon,
                service_id,
                parent,
                children,
            })
        })
        .await?;
    Ok(Json(Data::new(detail)))
}

/// A page of a service's shop categories `{id, name, icon}`, in display order. A
/// missing `service_id` is a 422, an unknown one a 404.
#[utoipa::path(get, path = "/branch-categories", tag = "catalogue",
    params(BranchCategoriesQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<BranchCategoryItem>), (status = 404, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_branch_categories(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Query(query): Query<BranchCategoriesQuery>,
) -> Result<Json<Page<BranchCategoryItem>>, ApiError> {
    let service_id = required_service(query.service_id, lang)?;
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked(lang)?;
    let page = state
        .db
        .read(move |c| {
            check_service(c, service_id, lang)?;
            let total: i64 = c.query_row(
                "SELECT count(*) FROM branch_categories WHERE service_id = ?1",
                [service_id],
                |r| r.get(0),
            )?;
            let mut stmt = c.prepare(
                "SELECT id, name_en, name_ar, icon FROM branch_categories
                 WHERE service_id = ?1 ORDER BY sort, id LIMIT ?2 OFFSET ?3",
            )?;
            let data = stmt
                .query_map(
                    params![service_id, i64::from(paging.limit), paging.offset()],
                    |r| {
                        Ok(BranchCategoryItem {
                            id: r.get(0)?,
                            name: pick(lang, r.get(1)?, r.get(2)?),
                            icon: r.get(3)?,
                        })
                    },
                )?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Page {
                data,
                meta: paging.meta(u64::try_from(total).unwrap_or(0)),
            })
        })
        .await?;
    Ok(Json(page))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, parent_id: Option<i64>) -> Row {
        Row {
            id,
            parent_id,
            name: format!("c{id}"),
            icon: String::new(),
        }
    }

    fn ids(items: &[CategoryItem]) -> Vec<i64> {
        items.iter().map(|c| c.id).collect()
    }

    #[test]
    fn trees_nest_children_in_order() {
        let rows = [
            row(1, None),
            row(2, None),
            row(3, Some(1)),
            row(4, Some(1)),
            row(5, Some(2)),
        ];
        let tree = build_tree(&rows, None);
        assert_eq!(ids(&tree), vec![1, 2]);
        assert_eq!(ids(tree[0].children.as_ref().unwrap()), vec![3, 4]);
        assert_eq!(ids(tree[1].children.as_ref().unwrap()), vec![5]);
        assert_eq!(
            tree[0].children.as_ref().unwrap()[0].children,
            Some(Vec::new())
        );
        assert_eq!(ids(&build_tree(&rows, Some(1))), vec![3, 4]);
    }

    #[test]
    fn a_cycle_does_not_loop() {
        // 1 → 2 → 1 under no root, reachable from 1's subtree.
        let rows = [row(1, Some(2)), row(2, Some(1))];
        let tree = build_tree(&rows, Some(1));
        let mut depth = 0;
        let mut level = tree;
        while let Some(first) = level.into_iter().next() {
            depth += 1;
            level = first.children.unwrap_or_default();
        }
        assert_eq!(depth, MAX_DEPTH);
    }

    #[test]
    fn tree_flags_and_limits() {
        assert!(is_tree(Some("1"), Language::En).unwrap());
        assert!(is_tree(Some("true"), Language::En).unwrap());
        assert!(!is_tree(Some("0"), Language::En).unwrap());
        assert!(!is_tree(None, Language::En).unwrap());
        assert!(is_tree(Some("yes"), Language::En).is_err());
        assert_eq!(
            tree_paging(None, None, Language::En).unwrap().limit,
            TREE_LIMIT
        );
        assert!(tree_paging(None, Some(1001), Language::En).is_err());
        assert!(tree_paging(Some(0), None, Language::En).is_err());
    }
}
