//! `GET /static-pages` and `GET /static-pages/{id}`: the about and policy pages the
//! footer and account menu link to. Their HTML is sanitised on the way out, so
//! whatever was stored, clients can insert it into the page as it is.

pub mod settings;
pub mod web_manifest;

use std::collections::HashSet;

use axum::Json;
use axum::extract::State;
use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};
use storefront_core::messages::{Message, MessageId};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::envelope::{Data, Page};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::{Id, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::pick;

/// Longest `category` accepted, in characters.
const CATEGORY_MAX_CHARS: usize = 50;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_pages))
        .routes(routes!(get_page))
}

/// What a page is about: the footer links `about` pages to the account's
/// information screen and `policy` pages to the store policies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PageType {
    About,
    Policy,
}

impl PageType {
    fn parse(stored: &str) -> Result<Self, ApiError> {
        match stored {
            "about" => Ok(PageType::About),
            "policy" => Ok(PageType::Policy),
            other => Err(ApiError::internal(format!(
                "unknown static page type {other:?}"
            ))),
        }
    }
}

/// A static page in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageItem {
    pub id: i64,
    /// In the request language.
    pub title: String,
    #[serde(rename = "type")]
    pub kind: PageType,
}

/// A static page with its content.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageDetail {
    pub id: i64,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: PageType,
    /// The audience, e.g. `customer`.
    pub category: String,
    /// Sanitised HTML in the request language: headings, paragraphs, lists, links
    /// (with `rel="noopener noreferrer"`), emphasis and tables; no scripts, styles,
    /// event handlers, frames or `javascript:` links.
    pub content: String,
}

/// Query of `GET /static-pages`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PagesQuery {
    /// Only pages of this audience (e.g. `customer`); all pages when absent.
    pub category: Option<String>,
}

/// Cleans stored HTML for display: only formatting tags and safe links remain.
pub fn sanitize(html: &str) -> String {
    ammonia::Builder::default()
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .link_rel(Some("noopener noreferrer"))
        // Dropped with everything inside them, not just unwrapped.
        .add_clean_content_tags(["iframe", "object", "embed", "noscript", "template"])
        // Arabic passages inside English text (and back) need their direction.
        .add_generic_attributes(["dir"])
        .clean(html)
        .to_string()
}

/// The static pages (id, title, type) in display order, titles in the request
/// language; `category` narrows them to one audience.
#[utoipa::path(get, path = "/static-pages", tag = "pages",
    params(PagesQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<PageItem>), (status = 422, body = ValidationErrorBody)))]
async fn list_pages(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Query(query): Query<PagesQuery>,
) -> Result<Json<Page<PageItem>>, ApiError> {
    let category = query
        .category
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty());
    if category
        .as_ref()
        .is_some_and(|c| c.chars().count() > CATEGORY_MAX_CHARS)
    {
        return Err(ApiError::validation(
            "category",
            Msg::from(Message::new(MessageId::TooLong).with("len", CATEGORY_MAX_CHARS)).text(lang),
        ));
    }
    let items = state
        .db
        .read(move |c| {
            let mut stmt = c.prepare(
                "SELECT id, title_en, title_ar, type FROM static_pages
                 WHERE ?1 IS NULL OR category = ?1 ORDER BY sort, id",
            )?;
            let rows = stmt.query_map([&category], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    pick(lang, r.get(1)?, r.get(2)?),
                    r.get::<_, String>(3)?,
                ))
            })?;
            rows.map(|row| {
                let (id, title, kind) = row?;
                Ok(PageItem {
                    id,
                    title,
                    kind: PageType::parse(&kind)?,
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()
        })
        .await?;
    Ok(Json(Page::all(items)))
}

/// A static page: title, type, category and its content as sanitised HTML in the
/// request language.
#[utoipa::path(get, path = "/static-pages/{id}", tag = "pages",
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Page id (1 is the about page)"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<PageDetail>), (status = 404, body = ErrorBody)))]
async fn get_page(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Id(id): Id,
) -> Result<Json<Data<PageDetail>>, ApiError> {
    let row = state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT title_en, title_ar, type, category, content_en, content_ar
                 FROM static_pages WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        pick(lang, r.get(0)?, r.get(1)?),
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        pick(lang, r.get(4)?, r.get(5)?),
                    ))
                },
            )
            .optional()?)
        })
        .await?;
    let (title, kind, category, content) = row.ok_or_else(|| not_found(lang))?;
    Ok(Json(Data::new(PageDetail {
        id,
        title,
        kind: PageType::parse(&kind)?,
        category,
        content: sanitize(&content),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_handlers_and_bad_links_are_removed() {
        let html = sanitize(
            r#"<h2 onclick="steal()">Title</h2><script>alert(1)</script><p style="color:red">Hi <a href="javascript:alert(1)">x</a></p><iframe src="https://evil.example">frame text</iframe><style>p{}</style>"#,
        );
        assert!(
            !html.contains("script") && !html.contains("alert"),
            "{html}"
        );
        assert!(
            !html.contains("onclick") && !html.contains("style"),
            "{html}"
        );
        assert!(
            !html.contains("javascript:")
                && !html.contains("iframe")
                && !html.contains("frame text"),
            "{html}"
        );
        assert!(html.contains("<h2>Title</h2>"), "{html}");
        assert!(
            html.contains("<p>Hi <a rel=\"noopener noreferrer\">x</a></p>"),
            "{html}"
        );
    }

    #[test]
    fn formatting_and_safe_links_are_kept() {
        let html = sanitize(
            r#"<h3>Returns</h3><ul><li><strong>14</strong> days</li></ul><ol><li><em>Keep</em> the receipt</li></ol><p dir="rtl"><a href="https://example.com/x">more</a> <a href="mailto:help@example.com">mail</a> <a href="/account/contact-us">contact</a></p>"#,
        );
        assert!(html.contains("<h3>Returns</h3>"));
        assert!(html.contains("<ul><li><strong>14</strong> days</li></ul>"));
        assert!(html.contains("<ol><li><em>Keep</em> the receipt</li></ol>"));
        assert!(html.contains(r#"<p dir="rtl">"#));
        assert!(
            html.contains(r#"<a href="https://example.com/x" rel="noopener noreferrer">more</a>"#),
            "{html}"
        );
        assert!(html.contains(r#"href="mailto:help@example.com""#));
        assert!(html.contains(r#"href="/account/contact-us""#));
    }
}
